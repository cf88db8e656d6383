import { useEffect, useRef, useSyncExternalStore, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { errorSummaryShown } from '../lib/page-title';
import { collect, usePageRender } from '../lib/server-render';

export interface SummaryError {
  /** id of the field the message belongs to (the link target). */
  href: string;
  text: string;
}

/** The summary's link to the field `id` for its message, none without one. */
export function errorFor(id: string, text: string | undefined): SummaryError[] {
  return text ? [{ href: `#${id}`, text }] : [];
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

// After a submission, the summary takes focus whenever it (re)appears with errors, until the person
// types again: errors found by the server arrive after the submit, and a second failed submit must
// move focus again, but errors that change live while someone types must never take the focus away.
let submissions = 0;
let awaitingErrors = false;
const listeners = new Set<() => void>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'submit',
    () => {
      submissions += 1;
      awaitingErrors = true;
      listeners.forEach((listener) => listener());
    },
    true,
  );
  document.addEventListener('input', () => (awaitingErrors = false), true);
}
function subscribeToSubmissions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const currentSubmissions = () => submissions;

/**
 * Renders nothing without errors; with errors it prefixes the page title with "Error: " and takes focus
 * when it first appears and after each submission that fails.
 */
export function ErrorSummary({ errors, title }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  const render = usePageRender();
  collect(render, { errorSummary: hasErrors });
  // A page that answers a form posted without JavaScript focuses its summary with no script (decision 0038); the
  // browser's render has the same attribute, so the two match (the summary takes focus when it first shows anyway).
  const answersPost = render.posted !== undefined;
  const signature = errors.map((error) => error.href + error.text).join('|');

  useEffect(() => {
    if (!hasErrors) return undefined;
    return errorSummaryShown();
  }, [hasErrors]);

  const submitted = useSyncExternalStore(subscribeToSubmissions, currentSubmissions, currentSubmissions);
  const shownOnce = useRef(false);
  useEffect(() => {
    if (!signature) return;
    // A page that opens with errors focuses them once; after that, only a submission does.
    if (!shownOnce.current || awaitingErrors) ref.current?.focus();
    shownOnce.current = true;
  }, [signature, submitted]);

  if (!hasErrors) return null;
  return (
    <div className="govuk-error-summary" ref={ref} tabIndex={-1} autoFocus={answersPost}>
      <div role="alert">
        <h2 className="govuk-error-summary__title">{title ?? t('common.fieldsMissing')}</h2>
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
