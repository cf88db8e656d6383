import { Button as GovukButton } from 'govuk-frontend';
import { useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from '../lib/router';
import { useGovukModule } from './use-govuk-module';

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
  const ref = useRef<HTMLButtonElement>(null);
  // The module stops double submissions when data-prevent-double-click is set.
  useGovukModule(ref, GovukButton);
  return (
    <button
      ref={ref}
      type={type}
      className={classes({ variant, start, className })}
      data-module="govuk-button"
      {...rest}
    >
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

export function LinkButton({ href, external, children, variant, start, className }: LinkButtonProps) {
  const shared = {
    className: classes({ variant, start, className }),
    role: 'button',
    draggable: false,
    'data-module': 'govuk-button',
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
