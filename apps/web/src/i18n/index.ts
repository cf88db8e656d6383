import { collect, usePageRender } from '../lib/server-render';
import { useTranslation } from './react';
import { addGroups, onMissingKey } from './translate';
// Only the text of what every page shows first (header, footer, cookie banner, launch, not-found and error pages)
// is in the first download; the bundler keeps just these top-level groups of en.json. The rest arrives with the
// first page that needs it (loadStrings, called before any page's code runs).
import * as en from './en.json';

/** The shell's groups (vite.config.ts's text plugin reads this list: each group named as `name: en.name`). */
const shell = {
  common: en.common,
  cookieBanner: en.cookieBanner,
  footer: en.footer,
  genericError: en.genericError,
  header: en.header,
  launch: en.launch,
  menu: en.menu,
  notFound: en.notFound,
  service: en.service,
  session: en.session,
  skipLink: en.skipLink,
  tagline: en.tagline,
};

// The shell's text is there from the start. Form error messages live with the rules that produce them, in the
// domain package; their keys contain dots ("countersignatoryDeclaration.agreed.required"), so they sit in their own
// namespace (`validation`, read without key nesting: ./translate.ts), added by loadStrings.
addGroups('translation', shell, false);

let loading: Promise<void> | undefined;
let allText: Promise<void> | undefined;
let messagesLoaded = false;

// In the browser's build each module brings its own text (decision 0046): a key asked for that no module brought
// (one built where the build cannot see it) is said, once, and the whole text fetched, rather than shown as a key.
// A key asked for with a default may well have no text (an optional wording): those are not counted.
if (import.meta.env.TEXT_WITH_ITS_CODE) {
  const said = new Set<string>();
  onMissingKey((key) => {
    if (!said.has(key)) console.error(`No module brought the text of ${key}: the whole text is fetched`);
    said.add(key);
    void loadAllText();
  });
}

/**
 * Text a module of the browser's build brings with it (added to the module by the build's `textWithItsCode`
 * plugin, decision 0046). It is handed over when the module has run, before anything the module draws; nothing
 * on screen needs it yet, so nothing is told.
 */
export function addText(groups: Record<string, unknown>): void {
  addGroups('translation', groups, false);
}

/** The whole of en.json, told to what is on screen (useTranslation listens). */
function addAllText(en: string): void {
  addGroups('translation', JSON.parse(en) as Record<string, unknown>, true);
}

function loadAllText(): Promise<void> {
  allText ??= import('./en.json?raw').then((en) => addAllText(en.default));
  return allText;
}

/**
 * The form error messages and, except in the browser's build (where each module brings its own text), all the
 * service's text; fetched once, resolved when they can be used. A fetch that failed (offline) is tried again on the
 * next call.
 */
export function loadStrings(): Promise<void> {
  loading ??= Promise.all([
    import('./validation'),
    import.meta.env.TEXT_WITH_ITS_CODE ? undefined : import('./en.json?raw'),
  ]).then(
    ([validation, en]) => {
      // One change for what is on screen: the first goes in silently, the second tells the pages to redraw.
      addGroups('validation', validation.validationMessages, !en);
      if (en) addAllText(en.default);
      messagesLoaded = true;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * What a page's code waits for before it is drawn: in the browser's build nothing, since each module brings its
 * own text and the form error messages come with a form's first check (`withMessages`), with a refused call's
 * field errors (lib/api-client.ts) or, for a page the server drew with them, before it is taken over
 * (app/start.tsx, decision 0078); elsewhere (development, the tests) all the text.
 */
export function loadPageText(): Promise<void> {
  return import.meta.env.TEXT_WITH_ITS_CODE ? Promise.resolve() : loadStrings();
}

/**
 * Turns a validation key from a domain schema or a server fieldErrors entry into its sentence. On the server, a
 * page that shows one says so (`PageRender.messages`): the browser fetches the messages before taking it over. In
 * the browser the messages are there before any error is shown (see loadPageText); should one be asked for before
 * they are, they are fetched and the page redrawn with them.
 */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation();
  const render = usePageRender();
  return (key) => {
    if (!key) return undefined;
    const fromDomain = t(key, { ns: 'validation', keySeparator: false, defaultValue: '' });
    if (fromDomain) {
      collect(render, { messages: true });
      return fromDomain;
    }
    if (!messagesLoaded && !render.server) void loadStrings().catch(() => undefined);
    return t(key, { defaultValue: key });
  };
}
