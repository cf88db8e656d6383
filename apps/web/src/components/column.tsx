import type { ReactNode } from 'react';

/** A page's content in the two-thirds column of a GOV.UK grid row. */
export function Column({ children }: { children: ReactNode }) {
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">{children}</div>
    </div>
  );
}
