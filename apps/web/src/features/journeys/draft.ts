import {
  journeyTypeCode,
  type ApplicantDraft,
  type Journey,
  type JourneySide,
  type OrganisationDraft,
  type OrganisationJourneyId,
} from '@dis/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { journeyStore } from '../../lib/journey-store';
import { journeyApi } from './api';
import { toApplicantSavePayload } from './applicant-payload';

// The draft of an application as the journey engine reads it (the domain's OrganisationDraft or
// ApplicantDraft), kept in memory only (its answers are personal data: never in browser storage), saved to
// the server on every page in the section 7 payload of its side and read back from there after a reload.

/** Any journey of either side: the pages are written once against the engine's generic shape. */
export type AnyJourney = Journey<object>;

export interface StoredDraft<A extends object = object> {
  token: string;
  /** Which side's payload and endpoint the draft is saved with; organisation when absent. */
  side?: JourneySide;
  journeyId: string;
  applicationReference: string;
  answers: A;
  /** How each address step's answer was entered (postcode lookup or manual), by step id: Change reopens it. */
  addressEntries?: Readonly<Record<string, 'postcode' | 'manual'>>;
}

/** What the confirmation page still shows after completion clears the draft (section 4). */
export interface CompletedApplication {
  token: string;
  journeyId: OrganisationJourneyId;
  applicationReference: string;
  applicantName: string;
}

export const draftStore = (token: string, side: JourneySide = 'organisation') =>
  journeyStore<StoredDraft>(`${side}:${token}`, 'memory');
/** Memory only: it carries the applicant's name. After a reload the confirmation asks the server again. */
export const completedStore = journeyStore<CompletedApplication>('organisation:completed', 'memory');

/**
 * How each address of a draft was entered (postcode lookup or manual), by step id. Navigation, not personal data:
 * kept in the tab's sessionStorage so Change reopens the right page after a reload too.
 */
const addressEntryStore = (token: string) =>
  journeyStore<Record<string, 'postcode' | 'manual'>>(`address-entries:${token}`, 'session');

function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/**
 * The organisation save payload of section 7 from the answers. confirmRoleQualifies and whoWillPay have
 * no field of their own there, so they travel alongside under their draft names (the API accepts both).
 * The declaration is not saved here: it is the submission call.
 */
export function toSavePayload(
  journeyId: OrganisationJourneyId,
  answers: OrganisationDraft,
): Record<string, unknown> {
  const applicant = answers.applicant ?? {};
  const address = applicant.address;
  return compact({
    applicationTypeCode: journeyTypeCode(journeyId),
    confirmRoleQualifies: answers.confirmRoleQualifies,
    whoWillPay: answers.payment?.whoWillPay,
    applicantCurrentAddress: address
      ? compact({
          line1: address.line1,
          line2: address.line2,
          town: address.town,
          county: address.county,
          country: address.country,
          postcode: address.postcode,
        })
      : undefined,
    applicantEmail: applicant.email,
    applicantName: applicant.currentName
      ? compact({
          forename: applicant.currentName.forename,
          middleNames: applicant.currentName.middleNames,
          surname: applicant.currentName.surname,
        })
      : undefined,
    applicantDateOfBirth: applicant.dateOfBirth,
    confirmationOfIdentity: answers.verified,
    csgAnotherOrganisation: anotherOrganisationPayload(answers.anotherOrganisation),
    roleDetails: applicant.roleDetails,
    workforces: applicant.schemeInfo?.workforces,
    // The organisation's own choice only: the server sets FREE and CARD itself at the declaration.
    onlinePaymentType: answers.payment?.whoWillPay === 'Organisation' ? answers.payment.type : undefined,
    invoiceSubAccountCode: answers.payment?.subAccountCode,
  });
}

/**
 * "Yes" is sent at once, with the organisation's name and email once given (the next page): the API keeps a
 * bare yes, so the server's draft holds every answer and a reload keeps the person where they are.
 */
function anotherOrganisationPayload(other: OrganisationDraft['anotherOrganisation']) {
  if (other?.isCsgForAnotherOrganisation === false) return { isCsgForAnotherOrganisation: false };
  if (other?.isCsgForAnotherOrganisation === true) return compact({ ...other });
  return undefined;
}

/**
 * Field of a save-payload error -> the form field that shows it. Anything else is shown in the
 * summary against the page's first field.
 */
export const PAYLOAD_FIELDS: Readonly<Record<string, string>> = {
  confirmRoleQualifies: 'confirmRoleQualifies',
  'applicantName.forename': 'firstName',
  'applicantName.middleNames': 'middleName',
  'applicantName.surname': 'lastName',
  applicantDateOfBirth: 'dateOfBirth',
  applicantEmail: 'email',
  confirmationOfIdentity: 'verified',
  'roleDetails.position': 'position',
  'roleDetails.volunteerForQualifyingOrganisation': 'volunteerForQualifyingOrganisation',
  workforces: 'workforces',
  'csgAnotherOrganisation.isCsgForAnotherOrganisation': 'isCsgForAnotherOrganisation',
  'csgAnotherOrganisation.organisationName': 'organisationName',
  'csgAnotherOrganisation.organisationEmail': 'organisationEmail',
  whoWillPay: 'whoWillPay',
  onlinePaymentType: 'type',
  invoiceSubAccountCode: 'subAccountCode',
  declaration: 'agreed',
  'applicantCurrentAddress.line1': 'line1',
  'applicantCurrentAddress.line2': 'line2',
  'applicantCurrentAddress.town': 'town',
  'applicantCurrentAddress.county': 'county',
  'applicantCurrentAddress.postcode': 'postcode',
  'applicantCurrentAddress.country': 'country',
};

export function formFieldForPayloadPath(
  path: string,
  side: JourneySide = 'organisation',
  fields: readonly string[] = [],
): string | undefined {
  if (side === 'applicant') {
    // Applicant form fields carry the payload's own names (currentName.forename -> forename,
    // dateOfBirth.day -> dateOfBirth): the nearest segment that is a field of the page.
    const segments = path.split('.');
    for (let index = segments.length - 1; index >= 0; index -= 1) {
      if (fields.includes(segments[index] ?? '')) return segments[index];
    }
    return undefined;
  }
  if (PAYLOAD_FIELDS[path]) return PAYLOAD_FIELDS[path];
  // applicantDateOfBirth.day and the like belong to the date as a whole.
  const parent = path.split('.').slice(0, -1).join('.');
  return parent ? formFieldForPayloadPath(parent) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's copy of a draft (a reload in a new tab): the domain draft, bare or under `draft`/`data`. */
export function answersFromServer<A extends object = OrganisationDraft>(body: unknown): A {
  if (!isRecord(body)) return {} as A;
  for (const key of ['draft', 'data', 'answers']) {
    const inner = body[key];
    if (isRecord(inner)) return inner as A;
  }
  return body as A;
}

export function draftQueryKey(token: string, side: JourneySide = 'organisation') {
  return [side === 'organisation' ? 'organisation-draft' : 'applicant-draft', token] as const;
}

/** Keeps a draft in this tab's store and the query cache (after creating or loading it). */
export function rememberDraft(client: ReturnType<typeof useQueryClient>, draft: StoredDraft): void {
  const side = draft.side ?? 'organisation';
  draftStore(draft.token, side).write(draft);
  client.setQueryData(draftQueryKey(draft.token, side), draft);
}

/** Forgets a draft (completion, lockout): the store of this tab and the query cache. */
export function forgetDraft(
  client: ReturnType<typeof useQueryClient>,
  token: string,
  side: JourneySide,
): void {
  draftStore(token, side).clear();
  client.removeQueries({ queryKey: draftQueryKey(token, side) });
}

/** The stored draft, or the server's copy when this tab has none (the token came from the URL). */
export function useJourneyDraft(token: string | null, journey: AnyJourney) {
  const side = journey.side;
  return useQuery({
    queryKey: draftQueryKey(token ?? '', side),
    enabled: Boolean(token),
    staleTime: Infinity,
    queryFn: async (): Promise<StoredDraft> => {
      const stored = draftStore(token ?? '', side).read();
      if (stored && stored.journeyId === journey.id) return stored;
      const body = await journeyApi.getDraft(token ?? '');
      const answers = answersFromServer<OrganisationDraft & ApplicantDraft>(body);
      const draft: StoredDraft = {
        token: token ?? '',
        side,
        journeyId: journey.id,
        applicationReference: answers.applicationReference ?? '',
        answers,
      };
      const addressEntries = addressEntryStore(draft.token).read();
      if (addressEntries) draft.addressEntries = addressEntries;
      draftStore(draft.token, side).write(draft);
      return draft;
    },
  });
}

/**
 * Saves the whole merged draft (the server validates it again) and keeps the stored copy in step. An address
 * page says how its address was entered, so Change can reopen the same page.
 */
export function useSaveDraft(
  draft: StoredDraft | undefined,
  addressEntry?: { stepId: string; entry: 'postcode' | 'manual' },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answers: object) => {
      if (!draft) throw new Error('No draft to save');
      // The server validates the payload again and refuses what the rules refuse; the answers kept here
      // are the ones the same rules just accepted, including a "yes" whose details come on the next page.
      if (draft.side === 'applicant') {
        await journeyApi.saveApplicantDraft(
          draft.token,
          toApplicantSavePayload(draft.journeyId, answers as ApplicantDraft),
        );
      } else {
        await journeyApi.saveDraft(
          draft.token,
          toSavePayload(draft.journeyId as OrganisationJourneyId, answers as OrganisationDraft),
        );
      }
      const addressEntries = addressEntry
        ? { ...draft.addressEntries, [addressEntry.stepId]: addressEntry.entry }
        : draft.addressEntries;
      if (addressEntries) addressEntryStore(draft.token).write({ ...addressEntries });
      return { ...draft, answers, ...(addressEntries ? { addressEntries } : {}) };
    },
    onSuccess: (saved) => rememberDraft(client, saved),
  });
}

export function applicantNameOf(answers: OrganisationDraft): string {
  const name = answers.applicant?.currentName;
  return [name?.forename, name?.middleNames, name?.surname].filter(Boolean).join(' ');
}
