import { ChoiceGroup, type ChoicesProps } from './choices';

type RadiosProps = ChoicesProps & { inline?: boolean };

export function Radios({ inline, ...props }: RadiosProps) {
  return <ChoiceGroup {...props} type="radio" modifier={inline && 'inline'} />;
}
