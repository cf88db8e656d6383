import type { ReactNode } from 'react';
import { Column } from './column';
import { usePageTitle } from './page-title';

/** An information page: its title (the tab's too) as its heading, then its content. */
export function InformationPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      {children}
    </Column>
  );
}
