import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { QuestionFieldset } from './fieldset';
import { initialText, splitRegistration } from '../lib/form-fields';

type Part = 'day' | 'month' | 'year';

interface DateInputProps {
  /** The day box gets this id, so an error summary link lands on it. */
  id: string;
  legend: ReactNode;
  legendIsHeading?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** Which parts are wrong, to outline just those boxes; all of them when not given. */
  errorParts?: Part[];
  register: Partial<Record<Part, UseFormRegisterReturn>>;
  /** The boxes shown: a month and year question (resident from) leaves the day out. */
  parts?: Part[];
  labels?: Record<Part, string>;
  autoCompletePrefix?: 'bday';
}

const PARTS: { part: Part; width: string }[] = [
  { part: 'day', width: '2' },
  { part: 'month', width: '2' },
  { part: 'year', width: '4' },
];

export function DateInput({
  id,
  errorParts,
  register,
  labels = { day: 'Day', month: 'Month', year: 'Year' },
  autoCompletePrefix,
  parts = ['day', 'month', 'year'],
  ...question
}: DateInputProps) {
  return (
    <QuestionFieldset {...question} idPrefix={id} role="group">
      <div className="govuk-date-input" id={`${id}-group`}>
        {PARTS.filter(({ part }) => parts.includes(part)).map(({ part, width }) => {
          const partId = part === parts[0] ? id : `${id}-${part}`;
          const invalid = Boolean(question.error) && (!errorParts || errorParts.includes(part));
          return (
            <div className="govuk-date-input__item" key={part}>
              <div className="govuk-form-group">
                <label className="govuk-label govuk-date-input__label" htmlFor={partId}>
                  {labels[part]}
                </label>
                <input
                  className={`govuk-input govuk-date-input__input govuk-input--width-${width}${invalid ? ' govuk-input--error' : ''}`}
                  id={partId}
                  type="text"
                  inputMode="numeric"
                  autoComplete={autoCompletePrefix ? `${autoCompletePrefix}-${part}` : undefined}
                  defaultValue={initialText(splitRegistration(register[part]).initial)}
                  {...splitRegistration(register[part]).field}
                />
              </div>
            </div>
          );
        })}
      </div>
    </QuestionFieldset>
  );
}

/**
 * The registrations of a date question's boxes with its form (`form.register`): the fields `<name>.day`,
 * `<name>.month` and `<name>.year`.
 */
export function dateRegistrations(
  register: (field: never) => UseFormRegisterReturn,
  name: string,
): Record<Part, UseFormRegisterReturn> {
  return {
    day: register(`${name}.day` as never),
    month: register(`${name}.month` as never),
    year: register(`${name}.year` as never),
  };
}
