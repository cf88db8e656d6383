import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkboxes } from './checkboxes';
import type { SummaryError } from './error-summary';

interface AgreeCheckboxProps {
  legend: ReactNode;
  /** The one box's label: what the user agrees to. */
  label: ReactNode;
  error: string | undefined;
  register: UseFormRegisterReturn;
}

/**
 * The "I agree" box of a declaration (countersignatory, application journeys, CSV upload): one checkbox with the
 * id `agreed` posting `true`, under a small legend.
 */
export function AgreeCheckbox({ legend, label, error, register }: AgreeCheckboxProps) {
  return (
    <Checkboxes
      idPrefix="agreed"
      legend={legend}
      legendSize="s"
      error={error}
      register={register}
      items={[{ value: 'true', label }]}
    />
  );
}

/** The error summary's link to the box, none without a message. */
export function agreedErrors(message: string | undefined): SummaryError[] {
  return message ? [{ href: '#agreed', text: message }] : [];
}
