/**
 * The part of i18next the service uses, small enough for every page's first load (decision 0046): the web build
 * resolves `i18next` here (apps/web/vite.config.ts), in the browser and on the server alike, so both draw the same
 * text. One language, namespaces with nested keys (`a.b.c`, or flat with `keySeparator: false`), `ns:key`,
 * `{{value}}` interpolation (values as they are: React escapes them), plurals by `count` (`key_one`, `key_other`,
 * Intl's rules), `defaultValue`, `returnObjects`, a missing-key handler, and the store's `added` event.
 * `i18next-parity.test.ts` holds it to i18next's own answers for every key of en.json; anything else i18next
 * offers (formats, nesting, context, several languages) is not here: use it, and this module must learn it first.
 */

type Tree = { [key: string]: unknown };

export interface TOptions {
  [value: string]: unknown;
  ns?: string;
  keySeparator?: string | false;
  defaultValue?: unknown;
  count?: number;
  returnObjects?: boolean;
  lng?: string;
}

interface InitOptions {
  lng?: string;
  fallbackLng?: string;
  ns?: string[];
  defaultNS?: string;
  resources?: Record<string, Record<string, Tree>>;
  saveMissing?: boolean;
  missingKeyHandler?: (
    languages: readonly string[],
    namespace: string,
    key: string,
    fallbackValue: string,
    updateMissing: boolean,
    options: TOptions,
  ) => void;
  [other: string]: unknown;
}

interface Plugin {
  type: string;
  init?: (instance: I18n) => void;
}

type Listener = (...args: unknown[]) => void;

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(target: Tree, source: Tree, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const existing = target[key];
    if (isTree(existing) && isTree(value)) merge(existing, value, overwrite);
    else if (overwrite || existing === undefined) target[key] = value;
  }
}

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

const INTERPOLATION = /\{\{(.+?)\}\}/g;

class Store {
  data: Record<string, Record<string, Tree>> = {};
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }

  off(event: string, listener?: Listener): void {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  addResourceBundle(
    lng: string,
    ns: string,
    resources: Tree,
    deep = false,
    overwrite = false,
    options: { silent?: boolean; skipCopy?: boolean } = {},
  ): void {
    const languages = (this.data[lng] ??= {});
    const bundle = options.skipCopy ? resources : copy(resources);
    if (deep && languages[ns]) merge(languages[ns], bundle, overwrite);
    else languages[ns] = { ...(languages[ns] ?? {}), ...bundle };
    if (!options.silent) this.emit('added', lng, ns);
  }

  get(lng: string, ns: string, key: string, keySeparator: string | false): unknown {
    const bundle = this.data[lng]?.[ns];
    if (!bundle) return undefined;
    if (keySeparator === false) return bundle[key];
    if (key in bundle) return bundle[key];
    let node: unknown = bundle;
    const parts = key.split(keySeparator);
    for (let i = 0; i < parts.length; i++) {
      // Objects and lists alike (`launch.uses.0`).
      if (typeof node !== 'object' || node === null) return undefined;
      const within = node as Tree;
      // A key may hold the separator itself ("a.b" under "x"): the rest of the path is tried whole, as i18next does.
      const rest = parts.slice(i).join(keySeparator);
      if (i > 0 && rest in within && !(parts[i]! in within)) return within[rest];
      node = Object.hasOwn(within, parts[i]!) ? within[parts[i]!] : undefined;
    }
    return node;
  }
}

export class I18n {
  options: InitOptions = {};
  language = 'en';
  languages: readonly string[] = ['en'];
  isInitialized = false;
  store = new Store();
  private plugins: Plugin[] = [];
  private plural = new Intl.PluralRules('en');

  use(plugin: Plugin): this {
    this.plugins.push(plugin);
    return this;
  }

  init(options: InitOptions): Promise<typeof this.t> {
    this.options = options;
    this.language = options.lng ?? 'en';
    this.languages = [this.language];
    this.plural = new Intl.PluralRules(this.language);
    for (const [lng, namespaces] of Object.entries(options.resources ?? {}))
      for (const [ns, tree] of Object.entries(namespaces))
        this.store.addResourceBundle(lng, ns, tree, true, true, { silent: true });
    this.isInitialized = true;
    for (const plugin of this.plugins) plugin.init?.(this);
    return Promise.resolve(this.t);
  }

  on(event: string, listener: Listener): void {
    this.store.on(event, listener);
  }

  off(event: string, listener?: Listener): void {
    this.store.off(event, listener);
  }

  // What a key holds is text, or with returnObjects a list or object: the callers say which, as with i18next.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- i18next's own t() is typed by the caller
  t = (key: string | string[], options: TOptions = {}): any => {
    // A list of keys: the first that has text.
    if (Array.isArray(key)) {
      for (const each of key.slice(0, -1)) {
        const found = this.lookup(each, options);
        if (found !== undefined) return this.finish(found, each, options);
      }
      return this.t(key[key.length - 1]!, options);
    }
    const found = this.lookup(key, options);
    if (found !== undefined) return this.finish(found, key, options);
    const { ns, bare } = this.split(key, options);
    if (this.options.saveMissing && this.options.missingKeyHandler)
      this.options.missingKeyHandler([this.language], ns, bare, bare, false, options);
    if (options.defaultValue !== undefined) {
      return typeof options.defaultValue === 'string'
        ? this.interpolate(options.defaultValue, options)
        : options.defaultValue;
    }
    return bare;
  };

  private split(key: string, options: TOptions): { ns: string; bare: string } {
    const colon = key.indexOf(':');
    if (colon > 0) return { ns: key.slice(0, colon), bare: key.slice(colon + 1) };
    return { ns: options.ns ?? this.options.defaultNS ?? 'translation', bare: key };
  }

  private lookup(key: string, options: TOptions): unknown {
    const { ns, bare } = this.split(key, options);
    const separator = options.keySeparator ?? '.';
    const lng = options.lng ?? this.language;
    const candidates =
      typeof options.count === 'number' ? [`${bare}_${this.plural.select(options.count)}`, bare] : [bare];
    for (const candidate of candidates) {
      const value = this.store.get(lng, ns, candidate, separator);
      if (value === undefined || value === null) continue;
      if (isTree(value) || Array.isArray(value)) {
        if (options.returnObjects) return value;
        return `key '${bare} (${lng})' returned an object instead of string.`;
      }
      return value;
    }
    return undefined;
  }

  private finish(found: unknown, _key: string, options: TOptions): unknown {
    if (typeof found === 'string') return this.interpolate(found, options);
    return this.interpolateAll(found, options);
  }

  private interpolateAll(value: unknown, options: TOptions): unknown {
    if (typeof value === 'string') return this.interpolate(value, options);
    if (Array.isArray(value)) return value.map((item) => this.interpolateAll(item, options));
    if (isTree(value))
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, this.interpolateAll(item, options)]),
      );
    return value;
  }

  /** `{{name}}` by the option of that name; a name not given at all stays as written, as i18next leaves it. */
  private interpolate(text: string, options: TOptions): string {
    return text.replace(INTERPOLATION, (match: string, inner: string) => {
      const name = inner.trim();
      if (!Object.hasOwn(options, name)) return match;
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
  }
}

export function createInstance(): I18n {
  return new I18n();
}

const i18n = createInstance();
export default i18n;
export const t = i18n.t;
