/**
 * The service's translation layer (decision 0070): its text, one language, looked up by dotted key, with `{{name}}`
 * filled in, English plurals (`key_one`/`key_other`), a context (`key_context`), a default, whole arrays and objects
 * of text, and the form error messages in a namespace of their own read by their full key. What is on screen is told
 * when text arrives (`subscribe`); React reads it through `useTranslation` (./react.ts).
 */

type Text = Record<string, unknown>;

/** Where a key is looked for: the service's text (en.json, keys nested) or the form error messages (flat keys). */
export type Namespace = 'translation' | 'validation';

export type TranslateOptions = Readonly<{
  /** Picks `key_one`/`key_other` (`key_zero` first for 0, if there is one) by English plural rules; fills `{{count}}`. */
  count?: number;
  /** Looks for `key_<context>` first. */
  context?: string;
  /** What a missing key gives instead of the key itself (filled in like text). */
  defaultValue?: unknown;
  /** An array or object of text is given as it is (its strings filled in) instead of the key. */
  returnObjects?: boolean;
  ns?: Namespace;
  /** `false`: the key is one name, dots and all (the validation namespace's keys). */
  keySeparator?: false;
  /** Anything else fills the `{{name}}` of that name. */
  [value: string]: unknown;
}>;

export interface TFunction {
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

const text: Record<Namespace, Text> = { translation: {}, validation: {} };
const plural = new Intl.PluralRules('en');
const listeners = new Set<() => void>();
let missing: ((key: string) => void) | undefined;

function find(tree: Text, key: string, nested: boolean): unknown {
  let node: unknown = tree;
  for (const part of nested ? key.split('.') : [key]) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Text)[part];
  }
  return node;
}

/**
 * `{{name}}` filled from `values`, not escaped (React escapes what it draws). As i18next: a name given as undefined
 * or null is left out, a name not given at all is left as it is.
 */
function fill(value: unknown, values: Text): unknown {
  if (typeof value === 'string')
    return value.replace(/{{(.+?)}}/g, (field, name: string) => {
      const given = values[name.trim()];
      return Object.hasOwn(values, name.trim()) ? (given == null ? '' : String(given)) : field;
    });
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fill(item, values)]));
  return value;
}

function translate(key: string, options: TranslateOptions = {}): unknown {
  const { count, context, defaultValue, returnObjects, ns = 'translation', keySeparator } = options;
  const suffixes =
    typeof count === 'number' ? [`_${plural.select(count)}`, ...(count === 0 ? ['_zero'] : [])] : [];
  const bases = context === undefined || context === '' ? [key] : [key, `${key}_${context}`];
  // The most particular first: key_context_zero, key_context_one, key_context, key_zero, key_one, key.
  const candidates = bases.flatMap((base) => [base, ...suffixes.map((suffix) => base + suffix)]).reverse();
  let found: unknown;
  for (const candidate of candidates) {
    found = find(text[ns], candidate, keySeparator !== false);
    if (found != null) break;
  }
  if (found == null) {
    if (defaultValue === undefined && ns === 'translation') missing?.(key);
    found = defaultValue ?? key;
  }
  if (typeof found === 'object' && found !== null && !returnObjects) return key;
  return fill(found, options);
}

function newT(): TFunction {
  return ((key: string, options?: TranslateOptions) => translate(key, options)) as TFunction;
}

/** Changes (a new function) each time listeners are told of new text, so what uses it is drawn again. */
let current = newT();

/** The translation function; a new one whenever text arrives that listeners are told of. */
export const currentT = (): TFunction => current;

/** Calls `listener` whenever text arrives that listeners are told of; returns the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds whole groups of text (top-level keys: a group given again replaces the one there) to a namespace; `tell`
 * redraws what is on screen with them.
 */
export function addGroups(ns: Namespace, groups: Text, tell: boolean): void {
  Object.assign(text[ns], groups);
  if (!tell) return;
  current = newT();
  for (const listener of listeners) listener();
}

/** What to do when the service's text has no such key and no default was given. */
export function onMissingKey(handler: ((key: string) => void) | undefined): void {
  missing = handler;
}
