/**
 * The translation hook and component the web app's pages use: every page imports them from here, never from the
 * layer behind them (./translate.ts, decision 0070), so that can be changed in one place.
 */
import { cloneElement, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { currentT, subscribe, type TFunction } from './translate';

export type { TFunction, TranslateOptions } from './translate';

/** `t` for the service's text; what calls it is drawn again when more text arrives (loadStrings, loadAllText). */
export function useTranslation(): { t: TFunction } {
  // The server and the browser's first draw both have the text the page needs, so the same function serves both.
  return { t: useSyncExternalStore(subscribe, currentT, currentT) };
}

/**
 * The text of `i18nKey` with its `<0>…</0>`, `<1>…</1>` parts drawn as the element of that index in `components`,
 * holding the part's words: `<Trans i18nKey="footer.licence" components={[<a href="…" key="licence" />]} />`.
 */
export function Trans({
  i18nKey,
  components,
}: {
  i18nKey: string;
  components: readonly ReactElement[];
}): ReactNode {
  const { t } = useTranslation();
  // split keeps the captured index and words: text, index, words, text, index, words, …, text.
  const parts = t(i18nKey).split(/<(\d+)>(.*?)<\/\1>/s);
  return parts.flatMap<ReactNode>((part, i) => {
    if (i % 3 === 0) return part === '' ? [] : [part];
    if (i % 3 === 2) return [];
    const element = components[Number(part)];
    return element ? [cloneElement(element, { key: i }, parts[i + 1])] : [parts[i + 1]];
  });
}
