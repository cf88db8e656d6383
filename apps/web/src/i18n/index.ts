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
});

let loading: Promise<void> | undefined;

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

/** All the service's text and the form error messages; fetched once, resolved when they can be used. */
export function loadStrings(): Promise<void> {
  loading ??= Promise.all([import('./en.json?raw'), import('./validation')]).then(([en, validation]) => {
    // One change for what is on screen: the first bundle goes in silently, the second tells the pages to redraw
    // (react-i18next listens to the store). Nothing changes either object afterwards, so the store need not copy them.
    store.addResourceBundle('en', 'validation', validation.validationMessages, true, true, {
      silent: true,
      skipCopy: true,
    });
    store.addResourceBundle('en', 'translation', JSON.parse(en.default) as object, true, true, {
      silent: false,
      skipCopy: true,
    });
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
