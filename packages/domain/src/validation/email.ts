import { MAX_LONG_TEXT_LENGTH } from '../limits';
import { optionalText, requiredText } from './text';

/**
 * local-part@domain, the domain having at least one dot (name@example.com). Deliberately looser than
 * RFC 5322 so that real addresses are never refused; the mail service is the final check.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line security/detect-unsafe-regex -- each repeated label starts with a '.', so repetitions cannot overlap; length is capped first
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Issues: `${prefix}.required`, `${prefix}.tooLong`, `${prefix}.invalid`. */
export function emailField(prefix: string) {
  return requiredText(prefix, { max: MAX_LONG_TEXT_LENGTH, pattern: EMAIL_PATTERN });
}

/** As {@link emailField}, but blank input is dropped (undefined); issues `${prefix}.tooLong`, `${prefix}.invalid`. */
export function optionalEmailField(prefix: string) {
  return optionalText(prefix, { max: MAX_LONG_TEXT_LENGTH, pattern: EMAIL_PATTERN });
}
