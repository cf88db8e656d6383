import { stepUrl, type AddressAnswer, type JourneyStep } from '@dis/domain';
import { useHydrated } from '../../lib/server-render';
import { keptAddressEntries, type AnyJourney, type StoredDraft } from './draft';

// An address step has two pages: the postcode lookup (its main path) and manual entry. Change on
// check-your-answers and on the address-history check opens the one the address was made with, so a typed
// address comes back typed, prefilled, instead of as an empty postcode search.

export type AddressEntry = 'postcode' | 'manual';

/** The postcode lookup and manual entry paths of an address step. */
export function entryPaths(step: JourneyStep<object>): { postcode: string; manual: string } {
  const manual = step.paths.find((path) => path.includes('manual')) ?? step.paths[1] ?? step.path;
  const postcode = step.paths.find((path) => path.includes('postcode')) ?? step.path;
  return { postcode, manual };
}

/** Whether the lookup could have given this address: it only returns United Kingdom addresses with a postcode. */
function lookupCouldGive(address: AddressAnswer): boolean {
  const country = (address.country ?? '').trim().toLowerCase();
  return Boolean(address.postcode) && (country === '' || country === 'united kingdom');
}

/**
 * How an address step's answer was entered: what this page load recorded when it was saved, else what the
 * address itself shows (an address the lookup cannot give was typed), else the lookup.
 */
export function addressEntryOf(draft: StoredDraft, step: JourneyStep<object>): AddressEntry {
  const recorded = draft.addressEntries?.[step.id];
  if (recorded) return recorded;
  const address = step.read(draft.answers) as AddressAnswer | undefined;
  return address && !lookupCouldGive(address) ? 'manual' : 'postcode';
}

/** The edit-mode link to a step: for an address, the entry page it was made with. */
export function changePath(journey: AnyJourney, draft: StoredDraft, stepId: string): string | undefined {
  const step = journey.step(stepId);
  if (!step) return undefined;
  if (step.paths.length > 1 && addressEntryOf(draft, step) === 'manual') {
    return `${journey.basePath}/${entryPaths(step).manual}?edit=true`;
  }
  return stepUrl(journey, step, true);
}

/**
 * The draft with how this tab entered its addresses (kept in sessionStorage, so Change reopens the right page
 * after a reload too), once the page is the browser's own: the server knows nothing of it, and the first render
 * in the browser must match the server's.
 */
export function useKeptAddressEntries(draft: StoredDraft): StoredDraft {
  const hydrated = useHydrated();
  if (!hydrated) return draft;
  const kept = keptAddressEntries(draft.token);
  return kept ? { ...draft, addressEntries: { ...kept, ...draft.addressEntries } } : draft;
}
