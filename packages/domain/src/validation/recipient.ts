import type { z } from 'zod';
import { objectOf } from './structure';
import { MAX_POSITION_LENGTH, MAX_RECIPIENT_NAME_LENGTH } from '../limits';
import { addressSchema } from './address';
import { emailField } from './email';
import { phoneField } from './contact';
import { FREE_TEXT_PATTERN, NAME_PATTERN, requiredText } from './text';

/**
 * recipient details (full form) and the body of the third-party share call: the recipient's name, address
 * (picked from the lookup or typed), email, phone, the position applied for, and the applicant's email.
 */
export const recipientDetailsFormSchema = objectOf({
  recipientName: requiredText('recipient.recipientName', {
    max: MAX_RECIPIENT_NAME_LENGTH,
    pattern: NAME_PATTERN,
  }),
  recipientAddress: addressSchema('recipient.recipientAddress'),
  recipientEmail: emailField('recipient.recipientEmail'),
  recipientPhoneNumber: phoneField('recipient.recipientPhoneNumber'),
  recipientPositionAppliedFor: requiredText('recipient.recipientPositionAppliedFor', {
    max: MAX_POSITION_LENGTH,
    pattern: FREE_TEXT_PATTERN,
  }),
  applicantEmail: emailField('recipient.applicantEmail'),
});
export type RecipientDetails = z.output<typeof recipientDetailsFormSchema>;

/** The simpler recipient form: only the recipient's email and phone and the applicant's email. */
export const recipientContactFormSchema = objectOf({
  recipientEmail: emailField('recipient.recipientEmail'),
  recipientPhoneNumber: phoneField('recipient.recipientPhoneNumber'),
  applicantEmail: emailField('recipient.applicantEmail'),
});
