import type { ReactNode } from 'react';
import { useResponseStatus } from '../lib/server-render';
import { Column } from './column';
import { usePageTitle } from './page-title';

/**
 * An information page: its title (the tab's too) as its heading, then its content; with `status`, the HTTP status
 * the server answers it with (a page not found's 404).
 */
export function InformationPage({
  title,
  status,
  children,
}: {
  title: string;
  status?: number;
  children: ReactNode;
}) {
  useResponseStatus(status);
  usePageTitle(title);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      {children}
    </Column>
  );
}
