import { objectOf } from './structure';
import { workforcesSchema } from './choices';
import { positionField } from './text';

/** role-details of the level 1 and level 2 organisation journeys: the position applied for. */
export const roleDetailsFormSchema = objectOf({
  position: positionField('roleDetails.position'),
});

/** role-details of the PVG organisation journeys: the position and the workforces (select all that apply). */
export const pvgRoleDetailsFormSchema = objectOf({
  position: positionField('roleDetails.position'),
  workforces: workforcesSchema('roleDetails.workforces'),
});
