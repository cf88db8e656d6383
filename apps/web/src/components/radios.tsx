import { Radios as GovukRadios } from 'govuk-frontend';
import { ChoiceGroup, type ChoicesProps } from './choices';

interface RadiosProps extends ChoicesProps {
  inline?: boolean;
}

export function Radios({ inline, ...props }: RadiosProps) {
  return (
    <ChoiceGroup
      {...props}
      block="govuk-radios"
      type="radio"
      modifier={inline && 'inline'}
      Module={GovukRadios}
    />
  );
}
