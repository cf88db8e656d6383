import {
  ORGANISATION_STARTABLE_TYPES,
  WHO_PAYS,
  type ApplicationTypeCode,
  type OrganisationJourneyId,
  type WhoPays,
} from '../codes';
import type { OrganisationDraft } from '../journeys/answers';
import { walkJourney } from '../journeys/engine';
import { getOrganisationJourney } from '../journeys/organisation';
import { isPvgMembershipJourney, organisationJourneyForType } from '../rules/journey-types';
import { BATCH_PAYMENT_METHODS, type BatchCsvColumn } from './csv-batch-format';
import type { ClockOptions } from './date-of-birth';
import { fieldErrorsFrom, messageText } from './messages';
import { createOrganisationDraftSaveSchema, type OrganisationDraftSave } from './organisation-draft';

// The CSV format of a batch of organisation applications (docs/decisions/0019-csv-batch-format.md): one row per
// application, one column per answer of the single-application journey, validated with the same save schema and
// walked through the same journey, so a row is ready exactly when the same answers would pass the journey.

export interface BatchRowError {
  field: BatchCsvColumn | 'row';
  reason: string;
}

export interface BatchRowCheck {
  /** 1-based data row number (the header is not counted). */
  index: number;
  surname: string | null;
  errors: BatchRowError[];
  /** The draft the row makes when it has no errors: answers of the journey, declaration and payment not yet set. */
  draft: OrganisationDraft | null;
  applicationType: ApplicationTypeCode | null;
}

const PAYLOAD_FIELD_COLUMNS: Record<string, BatchCsvColumn> = {
  applicationTypeCode: 'applicationType',
  'applicantName.forename': 'firstName',
  'applicantName.middleNames': 'middleName',
  'applicantName.surname': 'lastName',
  applicantDateOfBirth: 'dateOfBirth',
  applicantEmail: 'email',
  'applicantCurrentAddress.line1': 'addressLine1',
  'applicantCurrentAddress.line2': 'addressLine2',
  'applicantCurrentAddress.town': 'town',
  'applicantCurrentAddress.county': 'county',
  'applicantCurrentAddress.postcode': 'postcode',
  'applicantCurrentAddress.country': 'country',
  'roleDetails.position': 'position',
  'roleDetails.volunteerForQualifyingOrganisation': 'volunteer',
  workforces: 'workforces',
  'csgAnotherOrganisation.isCsgForAnotherOrganisation': 'applyingOnBehalf',
  'csgAnotherOrganisation.organisationName': 'otherOrganisationName',
  'csgAnotherOrganisation.organisationEmail': 'otherOrganisationEmail',
  onlinePaymentType: 'paymentMethod',
  invoiceSubAccountCode: 'subAccountCode',
};

/** Fields of the journey's step forms, as CSV columns. */
const STEP_FIELD_COLUMNS: Record<string, BatchCsvColumn> = {
  workforces: 'workforces',
  position: 'position',
  volunteerForQualifyingOrganisation: 'volunteer',
  firstName: 'firstName',
  middleName: 'middleName',
  lastName: 'lastName',
  dateOfBirth: 'dateOfBirth',
  email: 'email',
  line1: 'addressLine1',
  line2: 'addressLine2',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
  country: 'country',
  isCsgForAnotherOrganisation: 'applyingOnBehalf',
  organisationName: 'otherOrganisationName',
  organisationEmail: 'otherOrganisationEmail',
  whoWillPay: 'whoWillPay',
  type: 'paymentMethod',
  subAccountCode: 'subAccountCode',
};

function columnOfPayloadPath(path: string): BatchCsvColumn | 'row' {
  for (const [prefix, column] of Object.entries(PAYLOAD_FIELD_COLUMNS)) {
    if (path === prefix || path.startsWith(`${prefix}.`)) return column;
  }
  return 'row';
}

const DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const blankToUndefined = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

type RowValues = Partial<Record<BatchCsvColumn, string>>;
type Cell = (column: BatchCsvColumn) => string | undefined;

/** The cells the CSV writes in its own way (type, date, who pays, payment method), read with their errors. */
function readCsvCells(v: Cell, errors: BatchRowError[]) {
  const typeText = v('applicationType')?.toUpperCase();
  const type = (ORGANISATION_STARTABLE_TYPES as readonly string[]).includes(typeText ?? '')
    ? (typeText as ApplicationTypeCode)
    : null;
  if (!type) {
    errors.push({
      field: 'applicationType',
      reason: `Enter the application type as one of ${ORGANISATION_STARTABLE_TYPES.join(', ')}`,
    });
  }

  let dateOfBirth: unknown;
  const dobText = v('dateOfBirth');
  const dob = dobText ? DATE_PATTERN.exec(dobText) : null;
  if (dobText && !dob) errors.push({ field: 'dateOfBirth', reason: 'Enter the date of birth as DD/MM/YYYY' });
  else if (dob) dateOfBirth = { day: Number(dob[1]), month: Number(dob[2]), year: Number(dob[3]) };

  const whoText = v('whoWillPay');
  const whoWillPay = WHO_PAYS.find((who) => who.toLowerCase() === whoText?.toLowerCase());
  if (whoText && !whoWillPay)
    errors.push({ field: 'whoWillPay', reason: `Enter who will pay as ${WHO_PAYS.join(' or ')}` });

  const methodText = v('paymentMethod')?.toUpperCase();
  if (methodText && !(BATCH_PAYMENT_METHODS as readonly string[]).includes(methodText))
    errors.push({
      field: 'paymentMethod',
      reason: 'Enter INVOICE as the payment method, or leave it blank when the applicant pays',
    });
  return { type, dateOfBirth, whoWillPay, methodText };
}

/** The row as the organisation save payload (PUT /api/draftApplications/{token}/countersignatory). */
function rowPayload(v: Cell, cells: ReturnType<typeof readCsvCells>): Record<string, unknown> {
  const { type, dateOfBirth, whoWillPay, methodText } = cells;
  const workforces = v('workforces')
    ?.split(/[;,|\s]+/)
    .filter(Boolean)
    .map((w) => w.toUpperCase());
  const onBehalf = v('applyingOnBehalf');
  const volunteer = v('volunteer');
  return {
    ...(type ? { applicationTypeCode: type } : {}),
    applicantName: { forename: v('firstName'), middleNames: v('middleName'), surname: v('lastName') },
    ...(dateOfBirth ? { applicantDateOfBirth: dateOfBirth } : {}),
    ...(v('email') ? { applicantEmail: v('email') } : {}),
    applicantCurrentAddress: {
      line1: v('addressLine1'),
      line2: v('addressLine2'),
      town: v('town'),
      county: v('county'),
      postcode: v('postcode'),
      country: v('country') ?? 'GB',
    },
    roleDetails: {
      ...(v('position') ? { position: v('position') } : {}),
      ...(volunteer ? { volunteerForQualifyingOrganisation: volunteer } : {}),
    },
    ...(workforces?.length ? { workforces } : {}),
    ...(onBehalf
      ? {
          csgAnotherOrganisation: {
            isCsgForAnotherOrganisation: onBehalf,
            organisationName: v('otherOrganisationName'),
            organisationEmail: v('otherOrganisationEmail'),
          },
        }
      : {}),
    ...(methodText && whoWillPay === 'Organisation' ? { onlinePaymentType: methodText } : {}),
    ...(v('subAccountCode') ? { invoiceSubAccountCode: v('subAccountCode') } : {}),
  };
}

/** The draft a checked row makes, identity and role confirmed by the batch's declaration. */
function rowDraft(
  p: OrganisationDraftSave,
  type: ApplicationTypeCode,
  whoWillPay: WhoPays | undefined,
): OrganisationDraft {
  return {
    confirmRoleQualifies: true,
    verified: true,
    applicant: {
      schemeInfo: { applicationType: type, ...(p.workforces ? { workforces: p.workforces } : {}) },
      ...(p.applicantCurrentAddress ? { address: p.applicantCurrentAddress } : {}),
      ...(p.applicantEmail ? { email: p.applicantEmail } : {}),
      ...(p.applicantName
        ? {
            currentName: {
              forename: p.applicantName.forename,
              ...(p.applicantName.middleNames ? { middleNames: p.applicantName.middleNames } : {}),
              surname: p.applicantName.surname,
            },
          }
        : {}),
      ...(p.applicantDateOfBirth ? { dateOfBirth: p.applicantDateOfBirth } : {}),
      roleDetails: { ...p.roleDetails },
    },
    ...(p.csgAnotherOrganisation ? { anotherOrganisation: p.csgAnotherOrganisation } : {}),
    payment: {
      ...(whoWillPay ? { whoWillPay } : {}),
      ...(p.onlinePaymentType ? { type: p.onlinePaymentType } : {}),
      ...(p.invoiceSubAccountCode && p.onlinePaymentType === 'INVOICE'
        ? { subAccountCode: p.invoiceSubAccountCode }
        : {}),
    },
  };
}

/**
 * Checks one row: the same save schema as PUT /api/draftApplications/{token}/countersignatory, then the journey
 * walk of the row's application type with identity verification and role confirmation taken from the batch's
 * declaration. Rules that need the register (sub-account codes, voluntary status, the user's startable types)
 * are the server's.
 */
export function checkBatchRow(index: number, values: RowValues, options: ClockOptions = {}): BatchRowCheck {
  const v: Cell = (column) => blankToUndefined(values[column]);
  const errors: BatchRowError[] = [];
  const surname = v('lastName') ?? null;
  const cells = readCsvCells(v, errors);
  const { type } = cells;

  const parsed = createOrganisationDraftSaveSchema(options).safeParse(rowPayload(v, cells));
  if (!parsed.success) {
    for (const [path, key] of Object.entries(fieldErrorsFrom(parsed.error))) {
      const field = columnOfPayloadPath(path);
      // A bad type or date is reported once, in the CSV's own words above.
      if (errors.some((e) => e.field === field)) continue;
      errors.push({ field, reason: messageText(key) });
    }
  }
  if (!parsed.success || !type || errors.length > 0)
    return { index, surname, errors, draft: null, applicationType: type };

  const p = parsed.data;
  const journeyId = organisationJourneyForType(type);
  if (p.roleDetails?.volunteerForQualifyingOrganisation !== undefined && !isPvgMembershipJourney(journeyId))
    errors.push({
      field: 'volunteer',
      reason: 'Leave volunteer blank: it applies to PVG applications only',
    });
  const draft = rowDraft(p, type, cells.whoWillPay);
  if (errors.length === 0) errors.push(...journeyErrors(journeyId, draft, options));
  return { index, surname, errors, draft: errors.length === 0 ? draft : null, applicationType: type };
}

/** The first step of the journey the row's answers leave unanswered or invalid, as column errors. */
function journeyErrors(
  journeyId: OrganisationJourneyId | null,
  draft: OrganisationDraft,
  options: ClockOptions,
): BatchRowError[] {
  const journey = journeyId ? getOrganisationJourney(journeyId) : undefined;
  if (!journey)
    return [{ field: 'applicationType', reason: 'Enter an application type an organisation can start' }];
  const ctx = { now: options.now ?? new Date() };
  const walk = walkJourney(journey, draft, ctx);
  if (walk.complete) return [];
  const step = walk.steps.at(-1);
  const schema = step?.schema(ctx);
  if (!step || !schema) return [{ field: 'row', reason: 'Complete every column the application needs' }];
  const result = schema.safeParse(step.read(draft) ?? {});
  if (result.success) return [{ field: 'row', reason: 'Complete every column the application needs' }];
  return Object.entries(fieldErrorsFrom(result.error)).map(([path, key]) => ({
    field: STEP_FIELD_COLUMNS[path.split('.')[0] ?? ''] ?? 'row',
    reason: messageText(key),
  }));
}
