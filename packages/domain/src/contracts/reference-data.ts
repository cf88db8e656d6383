import { z } from 'zod';
import { readEndpoint } from './define';

/** The regulatory bodies an applicant may name (decision 0002), in code order. Any signed-in role. */
export const regulatoryBodiesContract = readEndpoint(
  '/api/draftApplications/regulatory-body',
  z.array(z.object({ code: z.string(), name: z.string() })),
);
