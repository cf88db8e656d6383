import { isOneOf } from '../codes';
import type { StatusTag, TagColour } from './tags';

// Basic disclosures (document 2 sections 2, 3 and 9): applied for through a separate service and registered here
// by casework, shown to the applicant with one of the four Basic statuses the spec names (received, in
// progress, completed, terminated) and the Basic fee. Decision 0052.

export const BASIC_STATUSES = ['RECEIVED', 'IN_PROGRESS', 'COMPLETED', 'TERMINATED'] as const;
export type BasicStatus = (typeof BASIC_STATUSES)[number];

export const isBasicStatus = isOneOf(BASIC_STATUSES);

/** The Basic service's own application id (the sign-in's `appId`): letters, digits, `_` and `-`, 1 to 64. */
export const BASIC_APP_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// The spec gives the four statuses' words and no colours: received and in progress are waiting (grey, blue as
// a submitted application), completed is done (green), terminated red as a terminated application.
const BASIC_TAGS: Record<BasicStatus, { text: string; colour: TagColour }> = {
  RECEIVED: { text: 'Received', colour: 'grey' },
  IN_PROGRESS: { text: 'In progress', colour: 'blue' },
  COMPLETED: { text: 'Completed', colour: 'green' },
  TERMINATED: { text: 'Terminated', colour: 'red' },
};

export function basicStatusTag(status: BasicStatus): StatusTag {
  const tag = BASIC_TAGS[status];
  return { text: tag.text, colour: tag.colour, classes: `govuk-tag govuk-tag--${tag.colour}` };
}

/**
 * Where casework may move a Basic application: received to in progress, in progress to completed, and either of
 * the two open statuses to terminated. Completed and terminated are final (a terminated application cannot be
 * reactivated, section 4).
 */
const BASIC_MOVES: Record<BasicStatus, readonly BasicStatus[]> = {
  RECEIVED: ['IN_PROGRESS', 'TERMINATED'],
  IN_PROGRESS: ['COMPLETED', 'TERMINATED'],
  COMPLETED: [],
  TERMINATED: [],
};

export function basicStatusMoves(from: BasicStatus): readonly BasicStatus[] {
  return BASIC_MOVES[from];
}

export function canMoveBasicStatus(from: BasicStatus, to: BasicStatus): boolean {
  return BASIC_MOVES[from].includes(to);
}
