// Journey answers survive a reload (sessionStorage for the tab, localStorage for what the spec says is
// "stored locally", such as navigation history and the day's declaration) and are wiped on sign-out.

const PREFIX = 'dis:';

type Area = 'session' | 'local';

function storage(area: Area): Storage | undefined {
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
  for (const area of ['session', 'local'] as const) {
    const store = storage(area);
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
