import { Link } from '../lib/router';

interface BackLinkProps {
  to: string;
  /** "Back to applications" on a journey's first page, "Back" elsewhere (spec section 4). */
  text?: string;
}

export function BackLink({ to, text = 'Back' }: BackLinkProps) {
  return (
    <Link to={to} className="govuk-back-link">
      {text}
    </Link>
  );
}
