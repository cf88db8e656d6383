import { z } from 'zod';
import { objectOf } from './structure';
import { TITLES } from '../codes';
import {
  MAX_FORENAME_LENGTH,
  MAX_MIDDLE_NAMES_LENGTH,
  MAX_MOTHERS_MAIDEN_NAME_LENGTH,
  MAX_OTHER_TITLE_LENGTH,
  MAX_SURNAME_LENGTH,
} from '../limits';
import { isRevealed, OTHER_TITLE_REVEAL } from './conditional';
import { normaliseText } from './normalise';
import { NAME_PATTERN, optionalText, requiredText } from './text';

/** A required person name part: `${prefix}.required`, `${prefix}.tooLong`, `${prefix}.invalid`. */
export function personNameField(prefix: string, max = MAX_FORENAME_LENGTH) {
  return requiredText(prefix, { max, pattern: NAME_PATTERN });
}

export function optionalPersonNameField(prefix: string, max = MAX_MIDDLE_NAMES_LENGTH) {
  return optionalText(prefix, { max, pattern: NAME_PATTERN });
}

/** forename, optional middleNames, surname: the shape of previous names and of the applicant's name in payloads. */
export function personNameSchema(prefix: string) {
  return objectOf({
    forename: personNameField(`${prefix}.forename`, MAX_FORENAME_LENGTH),
    middleNames: optionalPersonNameField(`${prefix}.middleNames`, MAX_MIDDLE_NAMES_LENGTH),
    surname: personNameField(`${prefix}.surname`, MAX_SURNAME_LENGTH),
  });
}

export const titleSchema = z.preprocess(
  normaliseText,
  z.enum(TITLES, { error: 'currentName.title.required' }),
);

/** The name step of the applicant journeys: title (other title when Other), forename, middle names, surname. */
export const currentNameFormSchema = objectOf({
  title: titleSchema,
  otherTitle: optionalText('currentName.otherTitle', {
    max: MAX_OTHER_TITLE_LENGTH,
    pattern: NAME_PATTERN,
  }),
  forename: personNameField('currentName.forename', MAX_FORENAME_LENGTH),
  middleNames: optionalPersonNameField('currentName.middleNames', MAX_MIDDLE_NAMES_LENGTH),
  surname: personNameField('currentName.surname', MAX_SURNAME_LENGTH),
})
  .superRefine((name, ctx) => {
    if (isRevealed(OTHER_TITLE_REVEAL, name) && name.otherTitle === undefined) {
      ctx.addIssue({ code: 'custom', path: ['otherTitle'], message: 'currentName.otherTitle.required' });
    }
  })
  // An other title left over from an earlier answer is not stored once a listed title is chosen.
  .transform(({ otherTitle, ...name }) =>
    isRevealed(OTHER_TITLE_REVEAL, name) ? { ...name, otherTitle } : name,
  );
export type CurrentName = z.output<typeof currentNameFormSchema>;

export const mothersMaidenNameFormSchema = objectOf({
  mothersMaidenName: personNameField('mothersMaidenName', MAX_MOTHERS_MAIDEN_NAME_LENGTH),
});
