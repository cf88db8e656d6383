import { z } from 'zod';
import { defineEndpoint, readEndpoint } from './define';

// The signed-in person, and signing out. The sign-in redirects (/oauth2/authorization/dis, /oauth2/callback,
// /oauth2/signed-out) are browser navigations answered with 302s, not API calls, and have no contract.

/** Who is signed in: 401 UNAUTHENTICATED when nobody is. Applicant and organisation roles. */
export const userInformationContract = readEndpoint(
  '/oauth2/api/userinformation',
  z.object({
    id: z.string(),
    /** When the session ends at the latest (the sooner of the idle and absolute limits). */
    expiryTime: z.string().nullable(),
    /** Each role with a leading slash, as the identity provider names them. */
    roles: z.array(z.string()),
    assuranceLevel: z.string(),
    name: z.object({ forename: z.string(), surname: z.string() }),
    countersignatoryDetails: z
      .object({
        organisationCode: z.string(),
        code: z.string(),
        name: z.string(),
        organisationName: z.string(),
        countersignatoryCode: z.string(),
        emailAddress: z.string(),
        /** The lead countersignatory of the organisation, who may report corrected organisation details. */
        isLead: z.boolean(),
      })
      .optional(),
  }),
);

/** Ends the session whatever its state; says where the identity provider ends its own. Public. */
export const logoutContract = defineEndpoint({
  method: 'POST',
  path: '/oauth2/api/logout',
  body: z
    .object({ reason: z.string().max(100).optional() })
    .strict()
    .optional(),
  response: z.object({ oauthProviderRedirect: z.string() }),
});

/**
 * The spec's sign-out call (spec 01 and 02 section 7: `GET /oauth2/api/logout` with a reason; the answer is
 * `oauthProviderRedirect`). It ends the session only for a request from this service's own pages (its
 * `Sec-Fetch-Site`, else its `Origin`, else its `Referer`); any other is `403 CSRF_REJECTED` and ends nothing
 * (decision 0048). The POST above does the same behind the usual request-forgery checks.
 */
export const logoutByGetContract = defineEndpoint({
  method: 'GET',
  path: '/oauth2/api/logout',
  query: z.object({ reason: z.string().max(100).optional() }),
  response: z.object({ oauthProviderRedirect: z.string() }),
});
