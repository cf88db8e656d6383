// Zod schemas for every form and API payload of the spec; each issue message is a key of validationMessages.
export * from './normalise';
export {
  isRevealed,
  LICENCE_REGION_REVEAL,
  NI_NUMBER_REVEAL,
  OTHER_TITLE_REVEAL,
  SUB_ACCOUNT_CODE_REVEAL,
} from './conditional';
export type { RevealRule } from './conditional';
// Calendar dates as year/month/day numbers, as the date inputs hold them.
export { isRealDate, londonToday, parseIsoDate, toIsoDate } from './dates';
export type { CalendarDate } from './dates';
export * from './messages';
export * from './text';
export * from './email';
export * from './names';
export * from './date-of-birth';
export * from './choices';
export * from './previous-names';
export * from './address';
export * from './address-history';
export * from './applicant-details';
export * from './role-details';
export * from './personal-details';
export * from './contact';
export * from './national-insurance';
export * from './passport';
export * from './driving-licence';
export * from './scheme-number';
export * from './regulatory-bodies';
export * from './one-time-code';
export * from './recipient';
export * from './additional-information';
export * from './check-a-result';
export * from './feedback';
export * from './filters';
export * from './csv';
export * from './csv-batch';
export * from './csv-batch-format';
export * from './organisation-draft';
export * from './applicant-draft';
export * from './request-input';
