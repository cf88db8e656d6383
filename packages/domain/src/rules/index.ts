// Rules of section 4 (and the role rules of sections 2 and 6) of both spec documents, one file per topic.
export * from './appeals';
export * from './basic-applications';
export * from './application-access';
export * from './applicant-status';
export * from './csv-upload';
export * from './days-left';
export * from './declaration';
export * from './error-pages';
export * from './identity-documents';
export * from './identity-match';
export * from './journey-types';
export * from './one-time-code';
export * from './payment';
export * from './reminders';
export * from './results';
export * from './review';
export * from './roles';
export * from './row-routing';
export * from './share-channels';
export * from './sharing';
export * from './signed-out';
export * from './status';
export * from './tags';
// Date helpers the apps share with the rules: today's date in Europe/London and whole-day UTC arithmetic.
export { addUtcDays, DAY_MS, londonDate, toInstant, utcStartOf } from './dates';
