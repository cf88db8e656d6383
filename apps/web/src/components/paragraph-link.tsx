import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link on a line of its own, in a paragraph of body text. */
export function ParagraphLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="govuk-body">
      <Link className="govuk-link" to={to}>
        {children}
      </Link>
    </p>
  );
}
