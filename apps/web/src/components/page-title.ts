import { useEffect } from 'react';
import { DEFAULT_SERVICE_NAME } from '@dis/domain';
import { useConfig } from '../lib/config';
import { setPageTitle } from '../lib/page-title';
import { collect, usePageRender } from '../lib/server-render';

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
    setPageTitle(title, serviceName);
  }, [title, serviceName]);
}
