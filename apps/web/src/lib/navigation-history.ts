import { readStored, removeStored, writeStored } from './journey-store';

// Pages visited in this tab, kept so the back link can return to the page the user actually came from
// (spec: "navigation history is kept and persisted locally").
const KEY = 'navigation-history';
const MAX_ENTRIES = 50;

export function historyEntries(): string[] {
  return readStored<string[]>(KEY, 'local') ?? [];
}

export function recordVisit(path: string): void {
  const entries = historyEntries();
  if (entries[entries.length - 1] === path) return;
  // Going back to the previous page pops the history rather than growing it, so Back never loops.
  if (entries[entries.length - 2] === path) {
    writeStored(KEY, entries.slice(0, -1), 'local');
    return;
  }
  writeStored(KEY, [...entries, path].slice(-MAX_ENTRIES), 'local');
}

export function previousPage(): string | undefined {
  const entries = historyEntries();
  return entries[entries.length - 2];
}

/** The too-many-mismatches page and sign-out start the history again. */
export function resetNavigationHistory(): void {
  removeStored(KEY, 'local');
}
