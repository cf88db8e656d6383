// What the browser keeps between pages. Personal data (a draft's answers, an applicant's name) lives only in
// memory ('memory': this page load; a reload reads the draft back from the server, which holds it). The tab's
// sessionStorage and localStorage keep navigation only (tokens, journey ids, references, the back-link
// history, the day's declaration). Everything is wiped on sign-out and on any 401.

const PREFIX = 'dis:';

type Area = 'session' | 'local' | 'memory';

const memory = new Map<string, string>();

/** The memory area behind the same small interface as the browser's storage. */
const memoryStorage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};

function storage(area: Area): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  // The server keeps nothing between requests: every render reads the person's data from the API afresh.
  if (typeof window === 'undefined') return undefined;
  if (area === 'memory') return memoryStorage;
  return browserStorage(area);
}

function browserStorage(area: 'session' | 'local'): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage can be switched off by the browser; the journey then lives only in memory.
    return undefined;
  }
}

export function readStored<T>(key: string, area: Area = 'session'): T | undefined {
  const raw = storage(area)?.getItem(PREFIX + key);
  if (raw === null || raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown, area: Area = 'session'): void {
  try {
    storage(area)?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota exceeded: the page still works, it just will not survive a reload.
  }
}

export function removeStored(key: string, area: Area = 'session'): void {
  storage(area)?.removeItem(PREFIX + key);
}

/** Clears every journey value of this service (not the cookie-consent choice, which is not ours to drop). */
export function clearJourneyData(): void {
  memory.clear();
  for (const area of ['session', 'local'] as const) {
    const store = browserStorage(area);
    if (!store) continue;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    keys.forEach((key) => store.removeItem(key));
  }
}

export interface JourneyStore<T> {
  read(): T | undefined;
  write(value: T): void;
  update(change: (current: T | undefined) => T): T;
  clear(): void;
}

export function journeyStore<T>(name: string, area: Area = 'session'): JourneyStore<T> {
  const key = `journey:${name}`;
  return {
    read: () => readStored<T>(key, area),
    write: (value) => writeStored(key, value, area),
    update(change) {
      const next = change(readStored<T>(key, area));
      writeStored(key, next, area);
      return next;
    },
    clear: () => removeStored(key, area),
  };
}
