import { z } from 'zod';
import { UUID_PATTERN } from '../codes';

// The shape of every id a path carries, named once. A route's contract declares its path parameters with these,
// so an id of the wrong shape never reaches a handler or the database: the API answers it "not found" (404, as
// for an id of the right shape that is not the caller's), and text with control characters in a path is a 400
// like anywhere else (apps/api/src/platform/input.ts).

/** A UUID (results, shares, print requests, an emailed hand-over link's identifier). */
export const uuidIdSchema = z.string().regex(UUID_PATTERN);
/** An application's token (applications.id): 32 random bytes, base64url, 43 characters. */
export const DRAFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const draftTokenSchema = z.string().regex(DRAFT_TOKEN_PATTERN);
/** The hand-over call's token: a draft token (organisation users) or the email link's UUID (applicants). */
export const draftTokenOrLinkIdSchema = z
  .string()
  .regex(/^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i);
/** A registered body's code (RB1001). */
export const ORGANISATION_CODE_PATTERN = /^[A-Za-z0-9]{1,20}$/;
export const organisationCodeSchema = z.string().regex(ORGANISATION_CODE_PATTERN);
/** A countersignatory's id in the register (csg-a-casey). */
export const countersignatoryIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
/** An application reference: DS and 10 characters of Crockford base 32 in two groups (DS-7K3M9-Q2XHD). */
export const APPLICATION_REFERENCE_PATTERN = /^DS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
export const applicationReferenceSchema = z.string().regex(APPLICATION_REFERENCE_PATTERN);
/** A CSV batch's id: 18 random bytes, base64url (24 characters; up to 64 accepted). */
export const batchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
