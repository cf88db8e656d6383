import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, ErrorMessage, formGroupClass, Hint } from './form-parts';
import { initialText, splitRegistration } from '../lib/form-fields';

interface InputProps {
  id: string;
  label: ReactNode;
  labelIsHeading?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  register: UseFormRegisterReturn;
  /** govuk width class suffix, e.g. "20" or "one-half". */
  width?: string;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  spellCheck?: boolean;
  maxLength?: number;
}

export function Input({
  id,
  label,
  labelIsHeading,
  hint,
  error,
  register,
  width,
  type = 'text',
  ...rest
}: InputProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const { field, initial } = splitRegistration(register);
  const widthClass = width
    ? /^\d+$/.test(width)
      ? ` govuk-input--width-${width}`
      : ` govuk-!-width-${width}`
    : '';
  const labelElement = (
    <label className={labelIsHeading ? 'govuk-label govuk-label--l' : 'govuk-label'} htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={formGroupClass(error)}>
      {labelIsHeading ? <h1 className="govuk-label-wrapper">{labelElement}</h1> : labelElement}
      {hint && hintId && <Hint id={hintId}>{hint}</Hint>}
      {error && errorId && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      <input
        className={`govuk-input${error ? ' govuk-input--error' : ''}${widthClass}`}
        id={id}
        type={type}
        aria-describedby={describedBy(hintId, errorId)}
        defaultValue={initialText(initial)}
        {...rest}
        {...field}
      />
    </div>
  );
}

/**
 * The code a text message sent (a share's passcode, a basic result link's code): the phone can offer it from the
 * message, with the number keys, and it is not spell-checked. The error summary links to `#oneTimeCode`.
 */
export function OneTimeCodeInput(props: Pick<InputProps, 'label' | 'hint' | 'error' | 'register' | 'width'>) {
  return (
    <Input id="oneTimeCode" {...props} autoComplete="one-time-code" inputMode="numeric" spellCheck={false} />
  );
}
