import { validationMessages } from '@dis/domain';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from './en.json';

// Form error messages live with the rules that produce them, in the domain package. Their keys contain
// dots ("countersignatoryDeclaration.agreed.required"), so they sit in their own namespace, read
// without key nesting.
export const resources = { en: { translation: en, validation: validationMessages } };

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['translation', 'validation'],
  defaultNS: 'translation',
  resources,
  interpolation: { escapeValue: false },
});

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
