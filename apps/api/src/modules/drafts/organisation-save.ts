import {
  applicantDisplayName,
  createOrganisationDraftSaveSchema,
  emailField,
  fieldErrorsFrom,
  isApplicationTypeCode,
  isPvgMembershipJourney,
  organisationCodec,
  organisationDraftSavePayloadSchema,
  organisationJourneyExtrasSchema,
  organisationJourneyForType,
  organisationNameField,
  type ApplicationTypeCode,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { assertStrictBody } from '../../platform/input';
import { DRAFT_STATUS, updateApplication } from '../applications/service';
import { costCentres } from '../organisations/service';
import { alreadySubmitted, draftOf, validationFailed } from './core';
import { draftView, registeredBodyOf, type OrganisationOwned } from './organisation';
import type { StoredDraft } from './stored';

// PUT /{token}/countersignatory (spec 01 section 7): the organisation's save, strict, validated before anything is
// stored, merged into the stored draft by the journey's codec.

/** The journey's two answers beside the spec's save payload (confirm-role and who-will-pay). */
const journeyExtras = organisationJourneyExtrasSchema;

const isPvgType = (type: string) => {
  const journeyId = isApplicationTypeCode(type) ? organisationJourneyForType(type) : null;
  return isPvgMembershipJourney(journeyId);
};

/** Whether a sub-account code is one of the organisation's cost centres. */
export async function isCostCentreOf(db: Db, organisationCode: string, code: string): Promise<boolean> {
  return (await costCentres(db, organisationCode)).some((c) => c.costCentreCode === code);
}

/** The save, in the transaction that read the caller's own draft (locked). */
export async function saveDraft(trx: Db, { csg, row }: OrganisationOwned, body: unknown, now: Date) {
  // Strict: a body that is not an object, a field the payload does not have, or a number sent as a string is
  // refused, not dropped.
  const raw = { ...assertStrictBody(organisationDraftSavePayloadSchema, body) };
  // A sub-account code is cleared with null (or an empty string); it is also dropped below whenever the
  // payment method is not INVOICE, so switching from invoice to card leaves no code behind.
  const clearSubAccount = raw.invoiceSubAccountCode === null || raw.invoiceSubAccountCode === '';
  if (clearSubAccount) delete raw.invoiceSubAccountCode;
  // "Yes, on behalf of another organisation" is its own page: saved before the name and email are given.
  const partialAnother = partialAnotherOrganisation(raw.csgAnotherOrganisation);
  if (partialAnother) delete raw.csgAnotherOrganisation;
  if (row.status !== DRAFT_STATUS || draftOf(row).declaration?.agreed) throw alreadySubmitted();
  // Validate before touching the draft: a bad field stores nothing.
  const schema = createOrganisationDraftSaveSchema({ now });
  // The stored type decides the applicant's minimum age, whatever the payload says.
  const parsed = schema.safeParse({
    ...raw,
    applicationTypeCode: raw.applicationTypeCode ?? row.type_code,
  });
  const extras = journeyExtras.safeParse(raw);
  const errors = {
    ...(parsed.success ? {} : fieldErrorsFrom(parsed.error)),
    ...(extras.success ? {} : fieldErrorsFrom(extras.error)),
    ...(partialAnother?.errors ?? {}),
  };
  if (parsed.success && parsed.data.applicationTypeCode !== row.type_code)
    errors.applicationTypeCode = 'payload.invalid';
  if (
    parsed.success &&
    parsed.data.roleDetails?.volunteerForQualifyingOrganisation !== undefined &&
    !isPvgType(row.type_code)
  )
    errors['roleDetails.volunteerForQualifyingOrganisation'] = 'payload.invalid';
  const subAccount = parsed.success ? parsed.data.invoiceSubAccountCode : undefined;
  if (subAccount && !(await isCostCentreOf(trx, csg.organisationCode, subAccount)))
    errors.invoiceSubAccountCode = 'Select a sub-account code from the list';
  if (Object.keys(errors).length > 0 || !parsed.success || !extras.success) throw validationFailed(errors);

  const next: StoredDraft = {
    ...organisationCodec.mergePayload(draftOf(row), parsed.data, row.type_code as ApplicationTypeCode, {
      ...extras.data,
      clearSubAccount,
      partialAnotherOrganisation: partialAnother?.value,
    }),
    registeredBody: registeredBodyOf(csg),
  };
  const applicant = next.applicant ?? {};
  const applicantName = applicant.currentName ? applicantDisplayName(applicant.currentName) : null;
  const updated = await updateApplication(trx, row.id, {
    data: JSON.stringify(next),
    applicant_name: applicantName,
  });
  return draftView(updated, now);
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * `csgAnotherOrganisation: { isCsgForAnotherOrganisation: true }` with the name or the email still to come:
 * a partial save of the applying-on-behalf page. Whatever part is given is validated; the journey walk still
 * needs both before the declaration. Undefined when the value is not such a partial answer (the domain schema
 * then checks it whole).
 */
function partialAnotherOrganisation(value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (v.isCsgForAnotherOrganisation !== true) return undefined;
  if (!isBlank(v.organisationName) && !isBlank(v.organisationEmail)) return undefined;
  const errors: Record<string, string> = {};
  const result: { isCsgForAnotherOrganisation: true; organisationName?: string; organisationEmail?: string } =
    { isCsgForAnotherOrganisation: true };
  if (!isBlank(v.organisationName)) {
    const name = organisationNameField('applyingOnBehalf.organisationName').safeParse(v.organisationName);
    if (name.success) result.organisationName = name.data as string;
    else
      errors['csgAnotherOrganisation.organisationName'] = name.error.issues[0]?.message ?? 'payload.invalid';
  }
  if (!isBlank(v.organisationEmail)) {
    const email = emailField('applyingOnBehalf.organisationEmail').safeParse(v.organisationEmail);
    if (email.success) result.organisationEmail = email.data as string;
    else
      errors['csgAnotherOrganisation.organisationEmail'] =
        email.error.issues[0]?.message ?? 'payload.invalid';
  }
  return { value: result, errors };
}
