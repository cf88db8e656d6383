import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSummaryShown } from '../lib/page-title';

export interface SummaryError {
  /** id of the field the message belongs to (the link target). */
  href: string;
  text: string;
}

interface ErrorSummaryProps {
  errors: SummaryError[];
  title?: string;
}

// Links move focus to the field itself (not just scroll), as govuk-frontend's script does, and put its
// label or legend in view too.
function focusTarget(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  const id = href.replace(/^#/, '');
  const input = document.getElementById(id);
  if (!input) return;
  event.preventDefault();
  const legendOrLabel =
    input.closest('fieldset')?.querySelector('legend') ?? document.querySelector(`label[for="${id}"]`);
  (legendOrLabel ?? input).scrollIntoView?.();
  input.focus({ preventScroll: true });
}

/** Renders nothing without errors; with errors it takes focus and prefixes the page title with "Error: ". */
export function ErrorSummary({ errors, title }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  const signature = errors.map((error) => error.href + error.text).join('|');

  useEffect(() => {
    if (!hasErrors) return undefined;
    return errorSummaryShown();
  }, [hasErrors]);

  useEffect(() => {
    // Re-focus on every failed submission (a new set of errors), not only the first.
    if (signature) ref.current?.focus();
  }, [signature]);

  if (!hasErrors) return null;
  return (
    <div className="govuk-error-summary" ref={ref} tabIndex={-1}>
      <div role="alert">
        <h2 className="govuk-error-summary__title">{title ?? t('common.errorSummaryTitle')}</h2>
        <div className="govuk-error-summary__body">
          <ul className="govuk-list govuk-error-summary__list">
            {errors.map((error) => (
              <li key={error.href + error.text}>
                <a href={error.href} onClick={(event) => focusTarget(event, error.href)}>
                  {error.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
