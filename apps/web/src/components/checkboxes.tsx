import { ChoiceGroup, type ChoicesProps } from './choices';

export { itemId, type ChoiceItem } from './choices';

type CheckboxesProps = ChoicesProps & { small?: boolean };

export function Checkboxes({ small, ...props }: CheckboxesProps) {
  return <ChoiceGroup {...props} type="checkbox" modifier={small && 'small'} />;
}
