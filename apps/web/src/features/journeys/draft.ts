import {
  applicantDisplayName,
  type ApplicantDraft,
  type ApplicantJourneyId,
  type Journey,
  type JourneySide,
  type OrganisationDraft,
  type OrganisationJourneyId,
} from '@dis/domain';
import type * as Codec from '@dis/domain/codec';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { journeyStore } from '../../lib/journey-store';
import { journeyApi, type HandoverData } from './api';

// The draft of an application as the journey engine reads it (the domain's OrganisationDraft or
// ApplicantDraft), kept in memory only (its answers are personal data: never in browser storage), saved to
// the server on every page in the section 7 payload of its side and read back from there after a reload.

/**
 * Any journey of either side: the pages are written once against the engine's generic shape, and its side tells
 * which ids it has (`journey.side === 'applicant'` narrows `journey.id` to an applicant journey's).
 */
export type AnyJourney =
  Journey<object, OrganisationJourneyId, 'organisation'> | Journey<object, ApplicantJourneyId, 'applicant'>;

interface DraftBase {
  token: string;
  applicationReference: string;
  /** How each address step's answer was entered (postcode lookup or manual), by step id: Change reopens it. */
  addressEntries?: Readonly<Record<string, 'postcode' | 'manual'>>;
}

/** What the server's copy of a draft carries besides the answers: its application's status and journey. */
export interface DraftServerFields {
  status?: string;
  /** The journey the server decided the draft takes (for Level 2, who pays). */
  journeyId?: string | null;
  /** The steps of the draft's walk the server found complete (decision 0077); a new draft has none. */
  completeSteps?: readonly string[];
}

/**
 * The applicant's draft as the server sends it back: the answers, and for a handed-over application the
 * organisation's hand-over fields and name (GET /api/draftApplications/{token}).
 */
export type ApplicantDraftView = ApplicantDraft &
  DraftServerFields &
  Partial<HandoverData> & {
    organisationName?: string | null;
    organisationInitiated?: boolean;
  };

/** An organisation's draft (the side is absent in drafts kept before the applicant side existed). */
export interface OrganisationStoredDraft extends DraftBase {
  side?: 'organisation';
  journeyId: OrganisationJourneyId;
  answers: OrganisationDraft & DraftServerFields;
}

export interface ApplicantStoredDraft extends DraftBase {
  side: 'applicant';
  journeyId: ApplicantJourneyId;
  answers: ApplicantDraftView;
}

/** A draft of either side: `draft.side === 'applicant'` narrows its journey id and answers. */
export type StoredDraft = OrganisationStoredDraft | ApplicantStoredDraft;

/** The applicant's answers of a draft; an organisation's draft has none of them. */
export function applicantAnswers(draft: StoredDraft): ApplicantDraftView {
  return draft.side === 'applicant' ? draft.answers : {};
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

/** How this tab entered each address of a draft (sessionStorage: nothing on the server). */
export function keptAddressEntries(token: string): Record<string, 'postcode' | 'manual'> | undefined {
  return addressEntryStore(token).read();
}

let codecs: typeof Codec | undefined;

/**
 * The sides' codecs (answers to the section 7 payload and back), fetched with the first save: a journey page is
 * drawn and taken over without them (decision 0078).
 */
async function loadCodecs(): Promise<typeof Codec> {
  codecs ??= await import('@dis/domain/codec');
  return codecs;
}

/**
 * The form field that shows a save-payload error (the side's codec in the domain maps the path); anything else is
 * shown in the summary against the page's first field. Such an error answers a save, which fetched the codecs.
 */
export function formFieldForPayloadPath(
  path: string,
  side: JourneySide = 'organisation',
  fields: readonly string[] = [],
): string | undefined {
  if (!codecs) return undefined;
  return side === 'applicant'
    ? codecs.applicantCodec.fieldForPath(path, fields)
    : codecs.organisationCodec.fieldForPath(path);
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

/** A draft as the server holds it (a reload, a new tab, or a page rendered on the server). */
export async function fetchDraft(token: string, journey: AnyJourney): Promise<StoredDraft> {
  const side = journey.side;
  const stored = draftStore(token, side).read();
  if (stored && stored.journeyId === journey.id) return stored;
  const body = await journeyApi.getDraft(token);
  const base = { token, applicationReference: '' };
  const draft: StoredDraft =
    journey.side === 'applicant'
      ? {
          ...base,
          side: 'applicant',
          journeyId: journey.id,
          answers: answersFromServer<ApplicantDraftView>(body),
        }
      : { ...base, side: 'organisation', journeyId: journey.id, answers: answersFromServer(body) };
  draft.applicationReference = draft.answers.applicationReference ?? '';
  const addressEntries = addressEntryStore(draft.token).read();
  if (addressEntries) draft.addressEntries = addressEntries;
  draftStore(draft.token, side).write(draft);
  return draft;
}

/** The stored draft, or the server's copy when this tab has none (the token came from the URL). */
export function useJourneyDraft(token: string | null, journey: AnyJourney) {
  return useQuery({
    queryKey: draftQueryKey(token ?? '', journey.side),
    enabled: Boolean(token),
    staleTime: Infinity,
    queryFn: () => fetchDraft(token ?? '', journey),
  });
}

/**
 * Saves a draft's merged answers in its side's payload (the server validates them again and refuses what the
 * rules refuse); the answers kept are the ones the same rules just accepted, including a "yes" whose details come
 * on the next page. An address page says how its address was entered, so Change can reopen the same page.
 */
export async function saveDraftAnswers(
  draft: StoredDraft,
  answers: object,
  addressEntry?: { stepId: string; entry: 'postcode' | 'manual' },
): Promise<StoredDraft> {
  const saved: StoredDraft =
    draft.side === 'applicant'
      ? { ...draft, answers: answers as ApplicantDraftView }
      : { ...draft, answers: answers as OrganisationDraft };
  // The server's copy says which steps are now complete: the next page walks the journey by it.
  const { applicantCodec, organisationCodec } = await loadCodecs();
  const stored =
    saved.side === 'applicant'
      ? await journeyApi.saveApplicantDraft(
          draft.token,
          applicantCodec.toPayload(saved.journeyId, saved.answers),
        )
      : await journeyApi.saveDraft(draft.token, organisationCodec.toPayload(saved.journeyId, saved.answers));
  saved.answers = { ...saved.answers, completeSteps: stored.completeSteps };
  const addressEntries = addressEntry
    ? { ...draft.addressEntries, [addressEntry.stepId]: addressEntry.entry }
    : draft.addressEntries;
  if (addressEntries) addressEntryStore(draft.token).write({ ...addressEntries });
  return { ...saved, ...(addressEntries ? { addressEntries } : {}) };
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
      return saveDraftAnswers(draft, answers, addressEntry);
    },
    onSuccess: (saved) => rememberDraft(client, saved),
  });
}

export function applicantNameOf(answers: OrganisationDraft): string {
  return applicantDisplayName(answers.applicant?.currentName);
}
