import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkboxes } from './checkboxes';

interface TickBoxProps {
  /** The checkbox's id and the error summary's link target: a declaration's `agreed` unless given. */
  idPrefix?: string;
  legend: ReactNode;
  /** The one box's label: what the user agrees to or confirms. */
  label: ReactNode;
  error: string | undefined;
  register: UseFormRegisterReturn;
}

/**
 * One checkbox posting `true` under a small legend: a declaration's "I agree" (countersignatory, application
 * journeys, CSV upload) or a sharing confirmation.
 */
export function TickBox({ idPrefix = 'agreed', legend, label, error, register }: TickBoxProps) {
  return (
    <Checkboxes
      idPrefix={idPrefix}
      legend={legend}
      legendSize="s"
      error={error}
      register={register}
      items={[{ value: 'true', label }]}
    />
  );
}
