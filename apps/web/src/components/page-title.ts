import { useEffect } from 'react';
import { DEFAULT_SERVICE_NAME } from '@dis/domain';
import { useTranslation } from '../i18n/react';
import { useConfig } from '../lib/config';
import { setPageTitle } from '../lib/page-title';
import { collect, usePageRender } from '../lib/server-render';

/** Whether a page title was set in the effects now running (one commit's effects run in one task). */
let titleSetInThisCommit = false;

/**
 * Sets document.title to "<page title> – <service name>" ("Error: " is added by the error summary); on the server
 * the title is the response's own `<title>`.
 */
export function usePageTitle(title: string): void {
  const { data } = useConfig();
  const serviceName = data?.serviceName ?? DEFAULT_SERVICE_NAME;
  const render = usePageRender();
  collect(render, { title: [title, serviceName].filter(Boolean).join(' – ') });
  useEffect(() => {
    // The innermost page wins, as on the server (where the last title rendered wins): a page that shows "Page not
    // found" in its place is rendered inside it, and a commit runs the inner component's effects first.
    if (titleSetInThisCommit) return;
    titleSetInThisCommit = true;
    queueMicrotask(() => {
      titleSetInThisCommit = false;
    });
    setPageTitle(title, serviceName);
  }, [title, serviceName]);
}

/** A page's opening lines: its title, the text of `titleKey`, set as the page title; with `t` for the rest. */
export function useTitledPage(titleKey: string) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return { t, title };
}
