// The results pages' form schemas, fetched when a form first validates (lib/lazy-resolver.ts, decision 0071): the
// pages import this module only through `import()`, so zod and the schemas stay out of their first load.
export { intendToAppealFormSchema, viewResultConfirmationFormSchema } from '@dis/domain';
