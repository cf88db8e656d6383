import { Radios as GovukRadios } from 'govuk-frontend';
import { useRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { itemId, type ChoiceItem } from './checkboxes';
import { Fieldset } from './fieldset';
import { describedBy, ErrorMessage, formGroupClass, Hint } from './form-parts';
import { useGovukModule } from './use-govuk-module';

interface RadiosProps {
  idPrefix: string;
  legend: ReactNode;
  legendIsHeading?: boolean;
  legendSize?: 's' | 'm' | 'l' | 'xl';
  hint?: ReactNode;
  error?: string | undefined;
  items: ChoiceItem[];
  register: UseFormRegisterReturn;
  inline?: boolean;
}

export function Radios({
  idPrefix,
  legend,
  legendIsHeading,
  legendSize,
  hint,
  error,
  items,
  register,
  inline,
}: RadiosProps) {
  const ref = useRef<HTMLDivElement>(null);
  useGovukModule(ref, GovukRadios);
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
          className={inline ? 'govuk-radios govuk-radios--inline' : 'govuk-radios'}
          data-module="govuk-radios"
        >
          {items.map((item, index) => {
            const id = itemId(idPrefix, index);
            return (
              <div className="govuk-radios__item" key={item.value}>
                <input
                  className="govuk-radios__input"
                  id={id}
                  type="radio"
                  value={item.value}
                  aria-describedby={item.hint ? `${id}-item-hint` : undefined}
                  {...register}
                />
                <label className="govuk-label govuk-radios__label" htmlFor={id}>
                  {item.label}
                </label>
                {item.hint && (
                  <div id={`${id}-item-hint`} className="govuk-hint govuk-radios__hint">
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
