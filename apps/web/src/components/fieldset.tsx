import type { ReactNode } from 'react';

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
