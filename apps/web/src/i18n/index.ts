import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
// Only the text of what every page shows first (header, footer, cookie banner, launch, not-found and error pages)
// is in the first download; the bundler keeps just these top-level groups of en.json. The rest arrives with the
// first page that needs it (loadStrings, called before any page's code runs).
import {
  common,
  cookieBanner,
  footer,
  genericError,
  header,
  launch,
  menu,
  notFound,
  service,
  session,
  skipLink,
  tagline,
} from './en.json';

const shell = {
  common,
  cookieBanner,
  footer,
  genericError,
  header,
  launch,
  menu,
  notFound,
  service,
  session,
  skipLink,
  tagline,
};

// Form error messages live with the rules that produce them, in the domain package. Their keys contain
// dots ("countersignatoryDeclaration.agreed.required"), so they sit in their own namespace, read
// without key nesting.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['translation', 'validation'],
  defaultNS: 'translation',
  resources: { en: { translation: shell, validation: {} } },
  interpolation: { escapeValue: false },
  // Anything on screen when the rest of the text arrives is drawn again with it.
  react: { bindI18nStore: 'added' },
  // In the browser's build each module brings its own text (decision 0046): a key asked for that no module brought
  // (one built where the build cannot see it) is said, and the whole text fetched, rather than shown as a key.
  ...(import.meta.env.TEXT_WITH_ITS_CODE
    ? {
        saveMissing: true,
        missingKeyHandler: (
          _languages: readonly string[],
          namespace: string,
          key: string,
          _fallback: string,
          _update: boolean,
          options: { defaultValue?: unknown } | undefined,
        ) => {
          // A key asked for with a default may well have no text (an optional wording); only the others count.
          if (namespace !== 'translation' || options?.defaultValue !== undefined) return;
          console.error(`No module brought the text of ${key}: the whole text is fetched`);
          void loadAllText();
        },
      }
    : {}),
});

let loading: Promise<void> | undefined;
let allText: Promise<void> | undefined;

/** i18next's store takes options its published types leave out: whether to tell listeners, whether to copy. */
const store = i18n.store as unknown as {
  addResourceBundle(
    lng: string,
    ns: string,
    resources: object,
    deep: boolean,
    overwrite: boolean,
    options: { silent: boolean; skipCopy: boolean },
  ): void;
};

/**
 * Text a module of the browser's build brings with it (added to the module by the build's `textWithItsCode`
 * plugin, decision 0046). It is handed over when the module has run, before anything the module draws.
 */
export function addText(groups: Record<string, unknown>): void {
  store.addResourceBundle('en', 'translation', groups, true, true, { silent: true, skipCopy: false });
}

/** The whole of en.json, told to what is on screen (react-i18next listens to the store). */
function addAllText(en: string): void {
  store.addResourceBundle('en', 'translation', JSON.parse(en) as object, true, true, {
    silent: false,
    skipCopy: true,
  });
}

function loadAllText(): Promise<void> {
  allText ??= import('./en.json?raw').then((en) => addAllText(en.default));
  return allText;
}

/**
 * The form error messages and, except in the browser's build (where each module brings its own text), all the
 * service's text; fetched once, resolved when they can be used.
 */
export function loadStrings(): Promise<void> {
  loading ??= Promise.all([
    import('./validation'),
    import.meta.env.TEXT_WITH_ITS_CODE ? undefined : import('./en.json?raw'),
  ]).then(([validation, en]) => {
    // One change for what is on screen: the first bundle goes in silently, the second tells the pages to redraw
    // (react-i18next listens to the store). Nothing changes either object afterwards, so the store need not copy them.
    store.addResourceBundle('en', 'validation', validation.validationMessages, true, true, {
      silent: !!en,
      skipCopy: true,
    });
    if (en) addAllText(en.default);
  });
  return loading;
}

/** Turns a validation key from a domain schema or a server fieldErrors entry into its sentence. */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (key) => {
    if (!key) return undefined;
    const fromDomain = t(key, { ns: 'validation', keySeparator: false, defaultValue: '' });
    return fromDomain || t(key, { defaultValue: key });
  };
}

export default i18n;
