import { z } from 'zod';
import { feedbackPayloadSchema } from '../validation/feedback';
import { defineEndpoint } from './define';

/** A satisfaction rating from a confirmation page: 204, to the survey service when configured, else stored. */
export const feedbackContract = defineEndpoint({
  method: 'POST',
  path: '/api/feedback',
  body: feedbackPayloadSchema,
  status: 204,
  response: z.void(),
});
