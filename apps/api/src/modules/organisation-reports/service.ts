import { randomBytes } from 'node:crypto';
import { addressText, fieldErrorsFrom } from '@dis/domain';
import { organisationDetailsReportSchema, type OrganisationDetailsReport } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import { countersignatoryOf, validationFailed, type OrganisationUser } from '../drafts/service';
import * as store from './store';

export interface OrganisationReportDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  /** Where reports go: the disclosure body's registrations mailbox. */
  disclosureBodyEmail: string;
  log: { error(obj: unknown, msg: string): void };
}

/** The lead countersignatory of the organisation in the path; anyone else is not found. */
export async function leadOf(db: Db, user: OrganisationUser, organisationCode: string) {
  const csg = await countersignatoryOf(db, user).catch(() => null);
  if (!csg || !csg.isLead || csg.organisationCode !== organisationCode)
    throw new ApiError(404, 'NOT_FOUND', 'Not found');
  return csg;
}

export async function reports(db: Db, organisationCode: string) {
  const rows = await store.listReports(db, organisationCode);
  return {
    reports: rows.map((row) => ({
      id: row.id,
      sentAt: new Date(row.created_at).toISOString(),
      status: 'SENT' as const,
      organisationName: String((row.details as { organisationName?: unknown }).organisationName ?? ''),
    })),
  };
}

/** Validates the corrected details, emails them to the disclosure body, stores and audits the report. */
export async function sendReport(
  deps: OrganisationReportDeps,
  user: OrganisationUser,
  organisationCode: string,
  body: unknown,
  requestId: string,
) {
  const csg = await leadOf(deps.db, user, organisationCode);
  const parsed = organisationDetailsReportSchema.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldErrorsFrom(parsed.error));
  const details: OrganisationDetailsReport = parsed.data;
  const now = deps.clock.now();
  const id = randomBytes(12).toString('base64url');
  // The report, its email (through the outbox: retried until Notify takes it) and the audit record commit together.
  const messageId = await deps.db.transaction().execute(async (trx) => {
    const written = await deps.outbox.enqueue(trx, {
      channel: 'email',
      template: 'organisation-report',
      to: deps.disclosureBodyEmail,
      personalisation: {
        registeredBodyCode: csg.organisationCode,
        currentName: csg.organisationName,
        countersignatoryName: csg.name,
        countersignatoryCode: csg.countersignatoryCode,
        organisationName: details.organisationName,
        address: addressText(details.address).join(', '),
        mainPhoneNumber: details.mainPhoneNumber,
        emailAddress: details.emailAddress,
      },
      about: { type: 'organisation-report', id },
    });
    await store.insertReport(trx, {
      id,
      organisation_code: csg.organisationCode,
      countersignatory_id: csg.code,
      details: details as unknown as Record<string, unknown>,
      sent_to: deps.disclosureBodyEmail,
      // The outbox message's id: Notify's reference for this email.
      notify_id: written,
      created_at: now,
    });
    await writeAudit(trx, {
      event: 'organisation.details_reported',
      outcome: 'success',
      userId: user.id,
      requestId,
      detail: { organisationCode: csg.organisationCode, reportId: id },
    });
    return written;
  });
  await deps.outbox.dispatch([messageId]);
  return { id, sentAt: now.toISOString(), status: 'SENT' as const };
}

/** The report routes' service: the functions above on the dependencies built once in `services.ts`. */
export function createOrganisationReportService(deps: OrganisationReportDeps) {
  return {
    leadOf: (user: OrganisationUser, organisationCode: string) => leadOf(deps.db, user, organisationCode),
    reports: (organisationCode: string) => reports(deps.db, organisationCode),
    sendReport: (user: OrganisationUser, organisationCode: string, body: unknown, requestId: string) =>
      sendReport(deps, user, organisationCode, body, requestId),
  };
}

export type OrganisationReportService = ReturnType<typeof createOrganisationReportService>;
