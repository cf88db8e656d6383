import { z } from 'zod';
import { objectOf } from './structure';
import { FEEDBACK_RATINGS } from '../codes';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { normaliseText } from './normalise';

export const feedbackRatingSchema = z.preprocess(
  normaliseText,
  z.enum(FEEDBACK_RATINGS, { error: 'feedback.rating.required' }),
);

/** The rating on a confirmation page: one of five levels from very satisfied to very dissatisfied. */
export const feedbackFormSchema = objectOf({ rating: feedbackRatingSchema });

/** The post to the survey service: the rating and the journey it came from (a journey id such as 'pvg-join'). */
export const feedbackPayloadSchema = objectOf({
  rating: feedbackRatingSchema,
  journey: z.preprocess(
    normaliseText,
    z.string({ error: 'payload.invalid' }).max(MAX_SHORT_TEXT_LENGTH, 'payload.invalid'),
  ),
});
