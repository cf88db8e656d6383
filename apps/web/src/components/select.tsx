import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, ErrorMessage, formGroupClass, Hint } from './form-parts';
import { initialText, splitRegistration } from '../lib/form-fields';

interface SelectProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  items: { value: string; text: string }[];
  register: UseFormRegisterReturn;
}

export function Select({ id, label, hint, error, items, register }: SelectProps) {
  const { field, initial } = splitRegistration(register);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={formGroupClass(error)}>
      <label className="govuk-label" htmlFor={id}>
        {label}
      </label>
      {hint && hintId && <Hint id={hintId}>{hint}</Hint>}
      {error && errorId && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      <select
        className={error ? 'govuk-select govuk-select--error' : 'govuk-select'}
        id={id}
        aria-describedby={describedBy(hintId, errorId)}
        defaultValue={initialText(initial)}
        {...field}
      >
        {items.map((item) => (
          <option value={item.value} key={item.value}>
            {item.text}
          </option>
        ))}
      </select>
    </div>
  );
}
