import { z } from 'zod';
import { defineEndpoint } from './define';

/** The regulatory bodies an applicant may name (decision 0002), in code order. Any signed-in role. */
export const regulatoryBodiesContract = defineEndpoint({
  method: 'GET',
  path: '/api/draftApplications/regulatory-body',
  response: z.array(z.object({ code: z.string(), name: z.string() })),
});
