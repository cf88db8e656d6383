/**
 * The translation hooks and components the web app's pages use: every page imports them from here, never from the
 * library, so the library behind them can be changed in one place (issue 28: the first-load budget).
 */
export { I18nextProvider, Trans, useTranslation } from 'react-i18next';
