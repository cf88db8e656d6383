/**
 * The part of react-i18next the service uses (decision 0046), over `./i18next.ts`: `useTranslation()`, which draws
 * again when text is added to the store (as react-i18next's `bindI18nStore: 'added'`), `<Trans>` with indexed
 * components (`"You can <0>change your cookie settings</0>"`), `I18nextProvider` and `initReactI18next`. The web
 * build resolves `react-i18next` here; the unit tests run react-i18next itself.
 */
import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  useContext,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import defaultInstance, { type I18n, type TOptions } from './i18next';

const I18nContext = createContext<I18n | undefined>(undefined);
let globalInstance: I18n = defaultInstance;

export const initReactI18next = {
  type: '3rdParty',
  init(instance: I18n) {
    globalInstance = instance;
  },
};

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** A counter per instance, moved on by every `added` event: what the hook's readers subscribe to. */
const versions = new WeakMap<I18n, { value: number; listeners: Set<() => void> }>();
function versionOf(i18n: I18n) {
  let version = versions.get(i18n);
  if (!version) {
    const created = { value: 0, listeners: new Set<() => void>() };
    i18n.on('added', () => {
      created.value += 1;
      for (const listener of created.listeners) listener();
    });
    versions.set(i18n, created);
    version = created;
  }
  return version;
}

/** One `t` per instance and text version: a new function when text arrives, as react-i18next gives, so what is
 * memoised on `t` is drawn again. */
const translators = new WeakMap<I18n, { version: number; t: I18n['t'] }>();
function translator(i18n: I18n, version: number): I18n['t'] {
  const kept = translators.get(i18n);
  if (kept?.version === version) return kept.t;
  const t = ((key: string | string[], options?: TOptions) => i18n.t(key, options)) as I18n['t'];
  translators.set(i18n, { version, t });
  return t;
}

export function useTranslation() {
  const i18n = useContext(I18nContext) ?? globalInstance;
  const version = versionOf(i18n);
  const current = useSyncExternalStore(
    (listener) => {
      version.listeners.add(listener);
      return () => version.listeners.delete(listener);
    },
    () => version.value,
    () => version.value,
  );
  const t = translator(i18n, current);
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}

const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\s*\/>/g;

/** The translation's text with each `<n>…</n>` (or `<n/>`) drawn as the n-th component, holding its text. */
function nodes(text: string, components: readonly ReactNode[]): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const index = Number(match[1] ?? match[3]);
    const component = components[index];
    const inner = match[2];
    if (isValidElement(component)) {
      const element = component as ReactElement<{ children?: ReactNode }>;
      out.push(
        cloneElement(
          element,
          { key: out.length },
          ...(inner === undefined ? [element.props.children] : nodes(inner, components)),
        ),
      );
    } else if (inner !== undefined) {
      out.push(...nodes(inner, components));
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Trans({
  i18nKey,
  components = [],
  values,
  count,
  defaults,
}: {
  i18nKey: string;
  components?: readonly ReactNode[];
  values?: Record<string, unknown>;
  count?: number;
  defaults?: string;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, {
    ...values,
    ...(count === undefined ? {} : { count }),
    ...(defaults === undefined ? {} : { defaultValue: defaults }),
  }) as string;
  return createElement(Fragment, null, ...nodes(text, components));
}
