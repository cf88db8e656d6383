import type { ReactNode } from 'react';
import { describedBy, ErrorMessage, formGroupClass, Hint } from './form-parts';

type LegendSize = 's' | 'm' | 'l' | 'xl';

interface FieldsetProps {
  legend: ReactNode;
  /** The legend is the page's h1 when the question is the only thing on the page. */
  legendIsHeading?: boolean;
  legendSize?: LegendSize;
  describedBy?: string | undefined;
  children: ReactNode;
  role?: string;
  /** An id for in-page links to the question; the fieldset then takes focus when one is followed. */
  id?: string | undefined;
}

export function Fieldset({
  legend,
  legendIsHeading,
  legendSize,
  describedBy,
  children,
  role,
  id,
}: FieldsetProps) {
  const size = legendSize ?? (legendIsHeading ? 'l' : undefined);
  return (
    <fieldset
      className="govuk-fieldset"
      aria-describedby={describedBy}
      role={role}
      id={id}
      tabIndex={id ? -1 : undefined}
    >
      <legend
        className={size ? `govuk-fieldset__legend govuk-fieldset__legend--${size}` : 'govuk-fieldset__legend'}
      >
        {legendIsHeading ? <h1 className="govuk-fieldset__heading">{legend}</h1> : legend}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * A question asked with a fieldset (date inputs, checkboxes, radios): the form group, the fieldset and its legend,
 * the hint and error message (ids `<idPrefix>-hint`, `<idPrefix>-error`, which describe the fieldset), then the
 * fields.
 */
export function QuestionFieldset({
  idPrefix,
  hint,
  error,
  children,
  ...fieldset
}: Omit<FieldsetProps, 'describedBy'> & { idPrefix: string; hint?: ReactNode; error?: string | undefined }) {
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = error ? `${idPrefix}-error` : undefined;
  return (
    <div className={formGroupClass(error)}>
      <Fieldset {...fieldset} describedBy={describedBy(hintId, errorId)}>
        {hint && hintId && <Hint id={hintId}>{hint}</Hint>}
        {error && errorId && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
        {children}
      </Fieldset>
    </div>
  );
}
