import { ADDRESS_FIELDS } from './fields';
import { stepSchema } from './schema-table';

/**
 * The applicant's current address page, the same in both journeys: `applicant-address`, found by postcode or typed
 * in (two paths, one form of the postal address). Each journey's step adds where the address is kept, its group
 * and its check-your-answers row: `step({ ...APPLICANT_ADDRESS_PAGE, group, writes, read, write, summary })`.
 */
export const APPLICANT_ADDRESS_PAGE = {
  id: 'applicant-address',
  path: 'applicant-address/postcode',
  paths: ['applicant-address/postcode', 'applicant-address/manual'],
  schema: stepSchema('manualAddress'),
  fields: ADDRESS_FIELDS,
} as const;
