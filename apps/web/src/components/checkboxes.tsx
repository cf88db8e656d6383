import { Checkboxes as GovukCheckboxes } from 'govuk-frontend';
import { useRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Fieldset } from './fieldset';
import { describedBy, ErrorMessage, formGroupClass, Hint } from './form-parts';
import { useGovukModule } from './use-govuk-module';

export interface ChoiceItem {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

interface CheckboxesProps {
  /** Used for ids: the first box gets this id, so an error summary link lands on it. */
  idPrefix: string;
  legend: ReactNode;
  legendIsHeading?: boolean;
  legendSize?: 's' | 'm' | 'l' | 'xl';
  hint?: ReactNode;
  error?: string | undefined;
  items: ChoiceItem[];
  register: UseFormRegisterReturn;
  small?: boolean;
}

export function itemId(idPrefix: string, index: number): string {
  return index === 0 ? idPrefix : `${idPrefix}-${index + 1}`;
}

export function Checkboxes({
  idPrefix,
  legend,
  legendIsHeading,
  legendSize,
  hint,
  error,
  items,
  register,
  small,
}: CheckboxesProps) {
  const ref = useRef<HTMLDivElement>(null);
  useGovukModule(ref, GovukCheckboxes);
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = error ? `${idPrefix}-error` : undefined;
  return (
    <div className={formGroupClass(error)}>
      <Fieldset
        legend={legend}
        legendIsHeading={legendIsHeading}
        legendSize={legendSize}
        describedBy={describedBy(hintId, errorId)}
      >
        {hint && hintId && <Hint id={hintId}>{hint}</Hint>}
        {error && errorId && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
        <div
          ref={ref}
          className={small ? 'govuk-checkboxes govuk-checkboxes--small' : 'govuk-checkboxes'}
          data-module="govuk-checkboxes"
        >
          {items.map((item, index) => {
            const id = itemId(idPrefix, index);
            return (
              <div className="govuk-checkboxes__item" key={item.value}>
                <input
                  className="govuk-checkboxes__input"
                  id={id}
                  type="checkbox"
                  value={item.value}
                  aria-describedby={item.hint ? `${id}-item-hint` : undefined}
                  {...register}
                />
                <label className="govuk-label govuk-checkboxes__label" htmlFor={id}>
                  {item.label}
                </label>
                {item.hint && (
                  <div id={`${id}-item-hint`} className="govuk-hint govuk-checkboxes__hint">
                    {item.hint}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </Fieldset>
    </div>
  );
}
