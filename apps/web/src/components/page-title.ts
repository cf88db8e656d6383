import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../lib/config';
import { setPageTitle } from '../lib/page-title';

/** Sets document.title to "<page title> – <service name>" ("Error: " is added by the error summary). */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const { data } = useConfig();
  const serviceName = data?.serviceName ?? t('service.name');
  useEffect(() => {
    setPageTitle(title, serviceName);
  }, [title, serviceName]);
}
