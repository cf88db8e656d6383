// The form error messages, in their own module so that they load with the pages that have forms.
export { validationMessages } from '@dis/domain';
