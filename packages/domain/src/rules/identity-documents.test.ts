import { describe, expect, it } from 'vitest';
import { IDENTITY_DOCUMENTS_DAYS } from '../limits';
import {
  awaitsIdentityDocuments,
  identityDocumentsDueAt,
  isCancelledForMissingDocuments,
} from './identity-documents';

describe('identity documents for an unverified Level 1 application (spec 02 section 9, decision 0055)', () => {
  it('are awaited only for a Level 1 the applicant started before the identity was verified', () => {
    expect(awaitsIdentityDocuments('LA', true, false)).toBe(true);
    expect(awaitsIdentityDocuments('LA', true, true)).toBe(false);
    // An organisation-started Level 1: the countersignatory confirms the identity (verify-applicant).
    expect(awaitsIdentityDocuments('LA', false, false)).toBe(false);
    expect(awaitsIdentityDocuments('PB', true, false)).toBe(false);
    expect(awaitsIdentityDocuments('PD', true, false)).toBe(false);
  });

  it('are due 14 calendar days after the declaration, and the application is cancelled from that moment', () => {
    expect(IDENTITY_DOCUMENTS_DAYS).toBe(14);
    const declared = new Date('2026-03-20T10:15:00Z');
    const due = identityDocumentsDueAt(declared);
    // Across the change to summer time: calendar days of 24 hours each.
    expect(due.toISOString()).toBe('2026-04-03T10:15:00.000Z');
    expect(isCancelledForMissingDocuments(due, new Date(due.getTime() - 1))).toBe(false);
    expect(isCancelledForMissingDocuments(due, due)).toBe(true);
    expect(isCancelledForMissingDocuments(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
