import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { QuestionFieldset } from './fieldset';
import { initiallyChecked, splitRegistration } from '../lib/form-fields';

export interface ChoiceItem {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** The props checkboxes and radios share. */
export interface ChoicesProps {
  /**
   * Used for ids: the first item gets this id, so an error summary link lands on it. Defaults to the registered
   * field's name, the target of the summary's link to the field's problem (`errorFor(name, …)`).
   */
  idPrefix?: string;
  legend: ReactNode;
  legendIsHeading?: boolean;
  legendSize?: 's' | 'm' | 'l' | 'xl';
  hint?: ReactNode;
  error?: string | undefined;
  items: ChoiceItem[];
  register: UseFormRegisterReturn;
  /** An id of the fieldset, for a link to the whole question (a notification banner's). */
  fieldsetId?: string;
}

export function itemId(idPrefix: string, index: number): string {
  return index === 0 ? idPrefix : `${idPrefix}-${index + 1}`;
}

interface ChoiceGroupProps extends ChoicesProps {
  /** The inputs' type; it names govuk-frontend's block, `govuk-checkboxes` or `govuk-radios`. */
  type: 'checkbox' | 'radio';
  /** A modifier of the block, e.g. `small` or `inline`. */
  modifier?: string | false | undefined;
}

/**
 * The fieldset, legend, hint, error message and items of govuk-frontend's checkboxes and radios. govuk-frontend's
 * script for them is not started: it only reveals conditional questions (`data-aria-controls`) and clears
 * exclusive options, and here React draws a conditional question itself (the list steps) and no option is exclusive.
 */
export function ChoiceGroup({ items, register, fieldsetId, type, modifier, ...question }: ChoiceGroupProps) {
  const { field, initial } = splitRegistration(register);
  const idPrefix = question.idPrefix ?? register.name;
  const block = type === 'radio' ? 'govuk-radios' : 'govuk-checkboxes';
  return (
    <QuestionFieldset {...question} idPrefix={idPrefix} id={fieldsetId}>
      <div className={modifier ? `${block} ${block}--${modifier}` : block}>
        {items.map((item, index) => {
          const id = itemId(idPrefix, index);
          return (
            <div className={`${block}__item`} key={item.value}>
              <input
                className={`${block}__input`}
                id={id}
                type={type}
                value={item.value}
                aria-describedby={item.hint ? `${id}-item-hint` : undefined}
                defaultChecked={initiallyChecked(initial, item.value)}
                {...field}
              />
              <label className={`govuk-label ${block}__label`} htmlFor={id}>
                {item.label}
              </label>
              {item.hint && (
                <div id={`${id}-item-hint`} className={`govuk-hint ${block}__hint`}>
                  {item.hint}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </QuestionFieldset>
  );
}
