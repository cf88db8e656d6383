import { Checkboxes as GovukCheckboxes } from 'govuk-frontend';
import { ChoiceGroup, type ChoicesProps } from './choices';

export { itemId, type ChoiceItem } from './choices';

interface CheckboxesProps extends ChoicesProps {
  small?: boolean;
}

export function Checkboxes({ small, ...props }: CheckboxesProps) {
  return (
    <ChoiceGroup
      {...props}
      block="govuk-checkboxes"
      type="checkbox"
      modifier={small && 'small'}
      Module={GovukCheckboxes}
    />
  );
}
