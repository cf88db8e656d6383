import {
  applicantCodec,
  applicantDisplayName,
  applicantDraftSaveSchema,
  APPLICANT_SERVER_OWNED_FIELDS,
  createApplicantDraftSaveSchema,
  fieldErrorsFrom,
  type ApplicantDraft,
  type ApplicationTypeCode,
  type CalendarDate,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { assertStrictBody, invalidInput } from '../../platform/input';
import { updateApplication } from '../applications/service';
import { applicantDraftView, assertOpen, type ApplicantOwned, type ApplicantPart } from './applicant';
import { validationFailed } from './core';

// PUT /{token}/applicant (spec 02 section 7): the applicant's save.

/** Parts of the draft the server owns: sent back in a save they are ignored (docs: applicant API). */
const SERVER_OWNED = APPLICANT_SERVER_OWNED_FIELDS;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ApplicantSaveHooks {
  /**
   * Checks a date of birth in the payload against the identity record before anything is stored, in the save's
   * transaction (the attempt it counts is kept when it refuses).
   */
  checkDateOfBirth(trx: Db, dateOfBirth: CalendarDate): Promise<void>;
}

/** What a save's transaction ends with: the draft as stored, or a refusal to answer once what it counted is kept. */
export type ApplicantSaveOutcome = { view: ReturnType<typeof applicantDraftView> } | { refused: ApiError };

/** The payload as the server takes it: strict, without the fields the server owns. */
function payloadOf(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw invalidInput({ '': 'payload.invalid' });
  const raw: Record<string, unknown> = { ...body };
  for (const key of SERVER_OWNED) delete raw[key];
  // Strict: a field the payload does not have, or a number sent as a string, is refused, not dropped.
  assertStrictBody(applicantDraftSaveSchema, raw);
  return raw;
}

/**
 * The save, in the transaction that read the caller's own application (locked): the payload is validated on its
 * own (nothing stored on a 400), merged into the stored answers, and the merged draft is validated again as a
 * whole (address history order and overlaps, the scheme age rule for the application's type); residentTo is
 * always derived from the following address.
 */
export async function saveApplicantDraft(
  trx: Db,
  { row }: ApplicantOwned,
  body: unknown,
  now: Date,
  hooks: ApplicantSaveHooks,
): Promise<ApplicantSaveOutcome> {
  const raw = payloadOf(body);
  assertOpen(row, row.part, now);

  const type = row.type_code as ApplicationTypeCode;
  const errors: Record<string, string> = {};
  if (isPlainObject(raw.schemeInfo)) {
    const sent = raw.schemeInfo.applicationType;
    if (sent !== undefined && sent !== null && sent !== type)
      errors['schemeInfo.applicationType'] = 'payload.invalid';
  }
  const schema = createApplicantDraftSaveSchema({ now });
  // The application's type decides the minimum age, whatever the payload says.
  const withType = {
    ...raw,
    schemeInfo:
      raw.schemeInfo === undefined || isPlainObject(raw.schemeInfo)
        ? { ...(raw.schemeInfo as object | undefined), applicationType: type }
        : raw.schemeInfo,
  };
  const parsed = schema.safeParse(withType);
  if (!parsed.success) Object.assign(errors, fieldErrorsFrom(parsed.error));
  if (Object.keys(errors).length > 0 || !parsed.success) throw validationFailed(errors);

  const payload: ApplicantDraft = parsed.data;
  // From here a refusal is returned, not thrown: the date-of-birth check's count must be kept.
  if (payload.dateOfBirth) {
    try {
      await hooks.checkDateOfBirth(trx, payload.dateOfBirth);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { refused: error };
    }
  }
  const merged = applicantCodec.mergePayload(row.part.draft, payload, type);
  const whole = schema.safeParse(merged);
  if (!whole.success) return { refused: validationFailed(fieldErrorsFrom(whole.error)) };
  const draft: ApplicantDraft = whole.data;
  for (const key of SERVER_OWNED) delete (draft as Record<string, unknown>)[key];

  const part: ApplicantPart = { ...row.part, draft };
  const name = draft.currentName;
  const updated = await updateApplication(trx, row.id, {
    applicant_data: JSON.stringify(part),
    // The organisation's name for the applicant stays on its applications; an applicant's own takes theirs.
    ...(row.link_id === null && name?.forename && name.surname
      ? { applicant_name: applicantDisplayName(name) }
      : {}),
  });
  return { view: applicantDraftView(updated, part, now) };
}
