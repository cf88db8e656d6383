import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import { ErrorSummary, type SummaryError } from './error-summary';

/**
 * A list's filter panel: its error summary, then a `method="get"` form, so the filters stand in the address
 * (a reload, Back and a shared link show the same list, and the form works without JavaScript).
 */
export function FilterPanel({
  label,
  heading,
  errors,
  submitText,
  onSubmit,
  children,
}: {
  label: string;
  heading: string;
  errors: SummaryError[];
  submitText: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <div className="app-filter">
      <ErrorSummary errors={errors} />
      <form noValidate method="get" aria-label={label} onSubmit={onSubmit}>
        <h2 className="govuk-heading-m">{heading}</h2>
        {children}
        <Button variant="secondary">{submitText}</Button>
      </form>
    </div>
  );
}
