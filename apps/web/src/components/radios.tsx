import { Radios as GovukRadios } from 'govuk-frontend';
import { ChoiceGroup, type ChoicesProps } from './choices';

type RadiosProps = ChoicesProps & { inline?: boolean };

export function Radios({ inline, ...props }: RadiosProps) {
  return <ChoiceGroup {...props} type="radio" modifier={inline && 'inline'} Module={GovukRadios} />;
}
