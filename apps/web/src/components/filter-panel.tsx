import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from './button';
import { ErrorSummary, type SummaryError } from './error-summary';
import { Input } from './input';

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

/**
 * The two searches both lists' panels offer, by their field: the applicant's name, and a countersignatory's code
 * (10 characters at most).
 */
const SEARCHES = {
  applicantName: { width: 'two-thirds' },
  csgCode: { width: '10', maxLength: 10 },
} as const;

/** A search of a list's panel. What is typed is a search: the browser neither fills it in nor checks its spelling. */
export function SearchFilter({
  field,
  ...input
}: {
  field: keyof typeof SEARCHES;
  label: string;
  error: string | undefined;
  register: UseFormRegisterReturn;
}) {
  return <Input id={field} {...input} {...SEARCHES[field]} autoComplete="off" spellCheck={false} />;
}
