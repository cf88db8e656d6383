import { z } from 'zod';
import { objectOf } from './structure';
import { PASSCODE_LENGTH } from '../limits';
import { normaliseText } from './normalise';

// eslint-disable-next-line security/detect-non-literal-regexp -- built from a numeric constant
const ONE_TIME_CODE_PATTERN = new RegExp(`^\\d{${PASSCODE_LENGTH}}$`);

/** Exactly 6 digits; spaces pasted in with the code are removed. */
export const oneTimeCodeSchema = z.preprocess(
  (value) => {
    const text = normaliseText(value);
    return typeof text === 'string' ? text.replace(/\s+/g, '') : text;
  },
  z.string({ error: 'oneTimeCode.required' }).regex(ONE_TIME_CODE_PATTERN, 'oneTimeCode.invalid'),
);

/** The verify page, and the body of the verify call ({ oneTimeCode }). */
export const oneTimeCodeFormSchema = objectOf({ oneTimeCode: oneTimeCodeSchema });

/** Recipient calls that carry only the link token (check token, send code). */
export const linkTokenPayloadSchema = objectOf({
  token: z.preprocess(normaliseText, z.string({ error: 'additionalInformation.token.required' }).max(512)),
});
