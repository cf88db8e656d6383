import { z } from 'zod';
import { objectOf, listOf } from './structure';
import type { RegulatoryBody } from '../codes';
import { REGULATORY_BODIES, regulatoryBodyByCode } from '../codes';
import { MAX_REGISTRATION_NUMBER_LENGTH, MAX_REGULATORY_BODIES, MIN_REGULATORY_BODIES } from '../limits';
import { yesNoSchema } from './choices';
import { parseInto } from './conditional';
import { normaliseText } from './normalise';

const BODY_CODES = REGULATORY_BODIES.map((body) => body.code) as [string, ...string[]];

function toSelected(value: unknown): boolean {
  const text = normaliseText(value);
  return value === true || (typeof text === 'string' && ['true', 'on', 'yes'].includes(text.toLowerCase()));
}

const bodyEntrySchema = objectOf({
  code: z.preprocess(normaliseText, z.enum(BODY_CODES, { error: 'regulatoryBodies.code.invalid' })),
  selected: z.preprocess(toSelected, z.boolean()),
  registrationNumber: z.preprocess(normaliseText, z.string().optional().catch(undefined)),
});

export const regulatoryBodyCheckFormSchema = objectOf({
  isRegulatoryBodyMember: yesNoSchema('regulatoryBodies.isRegulatoryBodyMember.required'),
});

/**
 * regulatory-body: the bodies shown as checkboxes, each with its registration number. One or two must be
 * ticked; each ticked body needs a number of at most 13 characters in that body's format (upper-cased).
 * Unticked bodies keep no number.
 */
export const regulatoryBodiesFormSchema = objectOf({
  details: listOf(bodyEntrySchema, 'regulatoryBodies.details.required').transform((details, ctx) => {
    const selected = details.filter((entry) => entry.selected).length;
    if (selected < MIN_REGULATORY_BODIES) {
      ctx.addIssue({ code: 'custom', path: [], message: 'regulatoryBodies.details.required' });
    } else if (selected > MAX_REGULATORY_BODIES) {
      ctx.addIssue({ code: 'custom', path: [], message: 'regulatoryBodies.details.tooMany' });
    }
    return details.map((entry, index) => {
      // Codes are checked by the enum above, so the body is always found.
      const body = regulatoryBodyByCode(entry.code) as RegulatoryBody;
      const name = body.name;
      if (!entry.selected) return { code: entry.code, name, selected: false };
      const number = entry.registrationNumber?.toUpperCase();
      const path = [index, 'registrationNumber'];
      if (number === undefined) {
        ctx.addIssue({ code: 'custom', path, message: 'regulatoryBodies.registrationNumber.required' });
      } else if (number.length > MAX_REGISTRATION_NUMBER_LENGTH) {
        ctx.addIssue({ code: 'custom', path, message: 'regulatoryBodies.registrationNumber.tooLong' });
      } else if (!body.registrationNumberPattern.test(number)) {
        ctx.addIssue({ code: 'custom', path, message: 'regulatoryBodies.registrationNumber.invalid' });
      }
      return { code: entry.code, name, selected: true, registrationNumber: number };
    });
  }),
});

/** The regulatoryBodies object of the applicant draft: details only for a member. */
export const regulatoryBodiesSchema = objectOf({
  isRegulatoryBodyMember: yesNoSchema('regulatoryBodies.isRegulatoryBodyMember.required'),
  details: z.unknown().optional(),
}).transform(({ isRegulatoryBodyMember, details }, ctx) => {
  if (!isRegulatoryBodyMember) return { isRegulatoryBodyMember: false as const, details: [] };
  // A "yes" whose bodies are still to be chosen is kept, as for the passport; an empty choice is refused.
  if (details === undefined) return { isRegulatoryBodyMember: true as const };
  const parsed = parseInto(regulatoryBodiesFormSchema, { details }, ctx, []);
  return parsed.ok ? { isRegulatoryBodyMember: true as const, details: parsed.value.details } : z.NEVER;
});
