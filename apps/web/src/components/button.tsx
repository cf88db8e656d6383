import type { ButtonHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { Link } from '../lib/router';

type Variant = 'primary' | 'secondary' | 'warning' | 'inverse';

interface CommonProps {
  children: ReactNode;
  variant?: Variant;
  start?: boolean;
  className?: string;
}

function classes({ variant = 'primary', start, className }: Omit<CommonProps, 'children'>): string {
  return [
    'govuk-button',
    variant !== 'primary' && `govuk-button--${variant}`,
    start && 'govuk-button--start',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

function StartIcon() {
  return (
    <svg
      className="govuk-button__start-icon"
      xmlns="http://www.w3.org/2000/svg"
      width="17.5"
      height="19"
      viewBox="0 0 33 40"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
    </svg>
  );
}

export function Button({
  children,
  variant,
  start,
  className,
  type = 'submit',
  ...rest
}: CommonProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  // govuk-frontend's script for a button is not started (so no `data-module`): for a <button> it only ignores a
  // second press within a second (data-prevent-double-click), which would also swallow a quick press after
  // correcting an error; a form sent by the browser app disables its button while it is being saved, and the server
  // keeps each form post once (one-time form keys, decision 0076).
  return (
    <button type={type} className={classes({ variant, start, className })} {...rest}>
      {children}
      {start && <StartIcon />}
    </button>
  );
}

interface LinkButtonProps extends CommonProps {
  href: string;
  /** A full page load, for addresses the single-page app does not own (sign-in, the server). */
  external?: boolean;
}

/**
 * A link that looks like a button answers the Space key as a button does, as govuk-frontend's button script would
 * (which is not started, above): without script the link still answers Enter.
 */
function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>): void {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

export function LinkButton({ href, external, children, variant, start, className }: LinkButtonProps) {
  const shared = {
    className: classes({ variant, start, className }),
    role: 'button',
    draggable: false,
    onKeyDown: pressOnSpace,
  } as const;
  const content = (
    <>
      {children}
      {start && <StartIcon />}
    </>
  );
  return external ? (
    <a href={href} {...shared}>
      {content}
    </a>
  ) : (
    <Link to={href} {...shared}>
      {content}
    </Link>
  );
}

export function ButtonGroup({ children }: { children: ReactNode }) {
  return <div className="govuk-button-group">{children}</div>;
}
