import { useEffect } from 'react';
import { DEFAULT_SERVICE_NAME } from '@dis/domain';
import { useConfig } from '../lib/config';
import { setPageTitle } from '../lib/page-title';

/** Sets document.title to "<page title> – <service name>" ("Error: " is added by the error summary). */
export function usePageTitle(title: string): void {
  const { data } = useConfig();
  const serviceName = data?.serviceName ?? DEFAULT_SERVICE_NAME;
  useEffect(() => {
    setPageTitle(title, serviceName);
  }, [title, serviceName]);
}
