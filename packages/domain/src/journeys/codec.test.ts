import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPLICANT_JOURNEY_IDS,
  ORGANISATION_JOURNEY_IDS,
  type ApplicantJourneyId,
  type OrganisationJourneyId,
} from '../codes';
import { journeyTypeCode } from '../rules/journey-types';
import type { OrganisationDraftSave } from '../validation/organisation-draft';
import type { AddressAnswer, ApplicantDraft, OrganisationDraft } from './answers';
import { applicantCodec, organisationCodec, PAYLOAD_PLACES } from './codec';
import {
  ctx as walkContext,
  fillApplicant,
  fillOrganisation,
  pageChoices,
  type PageChoices,
} from '../../test/journey-walks';
import { createApplicantDraftSaveSchema } from '../validation/applicant-draft';
import { applicantJourneys } from './applicant';
import { organisationJourneys } from './organisation';

// A draft survives the round trip through its side's save payload: what the browser encodes, the server's merge
// puts back, answer for answer. A new answer that one side forgets fails here, not at the declaration.

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s.length > 0);
const date = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  month: fc.integer({ min: 1, max: 12 }),
  year: fc.integer({ min: 1930, max: 2010 }),
});
const name = fc.record(
  { forename: text, middleNames: text, surname: text },
  { requiredKeys: ['forename', 'surname'] },
);
const address = fc.record(
  { line1: text, line2: text, town: text, county: text, postcode: text, country: text },
  { requiredKeys: ['line1', 'town', 'postcode', 'country'] },
);

const organisationDraft: fc.Arbitrary<OrganisationDraft> = fc
  .record(
    {
      applicant: fc.record(
        {
          currentName: name,
          email: text,
          dateOfBirth: date,
          address,
          roleDetails: fc.record(
            { position: text, organisationName: text, volunteerForQualifyingOrganisation: fc.boolean() },
            { requiredKeys: [] },
          ),
          schemeInfo: fc.record({ workforces: fc.subarray(['ADULT', 'CHILD'] as const, { minLength: 1 }) }),
        },
        { requiredKeys: [] },
      ),
      verified: fc.boolean(),
      confirmRoleQualifies: fc.boolean(),
      anotherOrganisation: fc.oneof(
        fc.constant({ isCsgForAnotherOrganisation: false }),
        fc.record({
          isCsgForAnotherOrganisation: fc.constant(true),
          organisationName: text,
          organisationEmail: text,
        }),
      ),
      payment: fc.oneof(
        fc.constant({ whoWillPay: 'Applicant' as const }),
        fc.constant({ whoWillPay: 'Organisation' as const, type: 'CARD_CSG' as const }),
        fc.record({
          whoWillPay: fc.constant('Organisation' as const),
          type: fc.constant('INVOICE' as const),
          subAccountCode: text,
        }),
      ),
    },
    { requiredKeys: [] },
  )
  .map((draft) => draft as OrganisationDraft);

/** A round trip's check: the draft merged back from its payload is the draft (as the server completes it). */
const mergesBack = ({ merged, expected }: { merged: unknown; expected: unknown }) => {
  expect(merged).toEqual(expected);
};

describe('the organisation codec', () => {
  it('merges back every answer it encodes (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORGANISATION_JOURNEY_IDS), organisationDraft, (journeyId, draft) =>
        mergesBack(roundTrip.organisation(journeyId, draft)),
      ),
    );
  });

  it('names the page field of a payload path, a date part belonging to the date', () => {
    expect(organisationCodec.fieldForPath('applicantName.forename')).toBe('firstName');
    expect(organisationCodec.fieldForPath('applicantDateOfBirth.day')).toBe('dateOfBirth');
    expect(organisationCodec.fieldForPath('csgAnotherOrganisation.organisationEmail')).toBe(
      'organisationEmail',
    );
    expect(organisationCodec.fieldForPath('somethingElse')).toBeUndefined();
  });

  it('keeps a sub-account code only with an invoice, and a bare "yes" for another organisation', () => {
    const merged = organisationCodec.mergePayload(
      {
        payment: { type: 'INVOICE', subAccountCode: 'A1' },
        anotherOrganisation: { isCsgForAnotherOrganisation: false },
      },
      { onlinePaymentType: 'CARD_CSG' } as OrganisationDraftSave,
      'PA',
      { partialAnotherOrganisation: { isCsgForAnotherOrganisation: true, organisationName: 'Org' } },
    );
    expect(merged.payment).toEqual({ type: 'CARD_CSG' });
    expect(merged.anotherOrganisation).toEqual({
      isCsgForAnotherOrganisation: true,
      organisationName: 'Org',
    });
  });
});

const withoutEnd = ({ residentTo: _end, ...rest }: AddressAnswer) => rest;

const applicantDraft: fc.Arbitrary<ApplicantDraft> = fc
  .record(
    {
      personalInfoAgreed: fc.boolean(),
      currentName: name,
      previous: fc.option(fc.array(name, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      mothersMaidenName: text,
      dateOfBirth: date,
      gender: fc.constantFrom('MALE', 'FEMALE'),
      placeOfBirth: text,
      countryOfBirth: text,
      nationality: text,
      currentAddress: address,
      previousAddresses: fc.array(address, { maxLength: 3 }),
      contactDetails: fc.record({ email: text, telephone: text }, { requiredKeys: [] }),
      nationalInsuranceNumber: fc.oneof(
        fc.constant({ hasNINumber: false }),
        fc.record({ hasNINumber: fc.constant(true), niNumber: text }),
      ),
      passport: fc.oneof(
        fc.constant({ hasPassport: false }),
        fc.record({ hasPassport: fc.constant(true), passportNumber: text, countryOfIssue: text }),
      ),
      drivingLicence: fc.oneof(
        fc.constant({ hasDrivingLicence: false }),
        fc.record({ hasDrivingLicence: fc.constant(true), licenceNumber: text, countryOfIssue: text }),
      ),
      regulatoryBodies: fc.oneof(
        fc.constant({ isRegulatoryBodyMember: false }),
        fc.record({
          isRegulatoryBodyMember: fc.constant(true),
          details: fc.constant([{ code: '101', selected: true, registrationNumber: '12345' }]),
        }),
      ),
    },
    { requiredKeys: [] },
  )
  .map(({ previous, ...draft }) => ({
    ...draft,
    ...(previous === undefined
      ? {}
      : previous.length
        ? { hasPreviousNames: true, previousNames: previous }
        : {}),
  }))
  .map((draft) => draft as ApplicantDraft);

describe('the applicant codec', () => {
  it('merges back every answer it encodes, with the derived end dates left to the server (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...APPLICANT_JOURNEY_IDS), applicantDraft, (journeyId, draft) => {
        const type = journeyTypeCode(journeyId as ApplicantJourneyId);
        const payload = applicantCodec.toPayload(journeyId as ApplicantJourneyId, draft);
        const merged = applicantCodec.mergePayload({}, payload as ApplicantDraft, type);
        expect(merged).toEqual({
          ...draft,
          ...(draft.currentAddress ? { currentAddress: withoutEnd(draft.currentAddress) } : {}),
          ...(draft.previousAddresses ? { previousAddresses: draft.previousAddresses.map(withoutEnd) } : {}),
          schemeInfo: { applicationType: type },
        });
      }),
    );
  });

  it('sends a "yes" bare until its details are given, and "no" to previous names empties their list', () => {
    const payload = applicantCodec.toPayload('pvg-join', { passport: { hasPassport: true } });
    expect(payload.passport).toEqual({ hasPassport: true });
    const merged = applicantCodec.mergePayload(
      { previousNames: [{ forename: 'A', surname: 'B' }] },
      { hasPreviousNames: false },
      'PA',
    );
    expect(merged.previousNames).toEqual([]);
  });

  it('names the nearest page field of a payload path', () => {
    expect(applicantCodec.fieldForPath('currentName.forename', ['forename', 'surname'])).toBe('forename');
    expect(applicantCodec.fieldForPath('dateOfBirth.day', ['dateOfBirth'])).toBe('dateOfBirth');
    expect(applicantCodec.fieldForPath('passport.passportNumber', ['forename'])).toBeUndefined();
  });
});

// The same round trip on drafts the journeys' own steps write, page by page (each step's schema and write, from
// the walks the journey tests use), stopping anywhere and taking the "no" branches too: an answer a step writes and
// the codec has no place for fails here. The places are one map per side (a compile error for an answer of the
// draft types without one); the last two tests take one place away and show the round trip notices.

// The pages' answers are generated from the steps' own fields (every option, yes and no, blank optional text):
// pageChoices in the walks.
const applicantChoices = (id: ApplicantJourneyId) => pageChoices(applicantJourneys[id]);
const organisationChoices = (id: OrganisationJourneyId) => pageChoices(organisationJourneys[id]);

/** A journey, page answers generated for it, and how many pages to answer. */
const walks = <Id extends string>(
  ids: readonly Id[],
  choices: (id: Id) => fc.Arbitrary<PageChoices>,
  maxSteps: number,
) => fc.constantFrom(...ids).chain((id) => fc.tuple(fc.constant(id), choices(id), fc.nat({ max: maxSteps })));

/** Each side's draft through its codec and back: what merging the payload gives, and what it should give. */
const roundTrip = {
  applicant(journeyId: ApplicantJourneyId, draft: ApplicantDraft, places = PAYLOAD_PLACES.applicant) {
    const type = journeyTypeCode(journeyId);
    const payload = applicantCodec.toPayload(journeyId, draft, places);
    const { applicationReference: _prefilled, ...answers } = draft;
    return {
      merged: applicantCodec.mergePayload({}, payload as ApplicantDraft, type),
      expected: {
        ...answers,
        ...(draft.currentAddress ? { currentAddress: withoutEnd(draft.currentAddress) } : {}),
        ...(draft.previousAddresses ? { previousAddresses: draft.previousAddresses.map(withoutEnd) } : {}),
        schemeInfo: { ...draft.schemeInfo, applicationType: type },
      },
    };
  },
  organisation(
    journeyId: OrganisationJourneyId,
    draft: OrganisationDraft,
    places = PAYLOAD_PLACES.organisation,
  ) {
    const type = journeyTypeCode(journeyId);
    const payload = organisationCodec.toPayload(journeyId, draft, places);
    return {
      merged: organisationCodec.mergePayload({}, payload as OrganisationDraftSave, type, {
        confirmRoleQualifies: payload.confirmRoleQualifies as boolean | undefined,
        whoWillPay: payload.whoWillPay as 'Organisation' | 'Applicant' | undefined,
      }),
      expected: {
        ...draft,
        applicant: {
          ...draft.applicant,
          schemeInfo: { ...draft.applicant?.schemeInfo, applicationType: type },
        },
        payment: { ...draft.payment },
      },
    };
  },
};

/** Each side's round trip of the drafts its walks fill, stopping anywhere (at most 40 or 20 pages). */
const roundTripProperties = {
  applicant: () =>
    fc.property(walks(APPLICANT_JOURNEY_IDS, applicantChoices, 40), ([id, choices, steps]) =>
      mergesBack(roundTrip.applicant(id, fillApplicant(id, {}, steps, choices))),
    ),
  organisation: () =>
    fc.property(walks(ORGANISATION_JOURNEY_IDS, organisationChoices, 20), ([id, choices, steps]) =>
      mergesBack(roundTrip.organisation(id, fillOrganisation(id, {}, steps, choices))),
    ),
};

describe('the codecs on drafts the journeys write', () => {
  it.each(['applicant', 'organisation'] as const)(
    'the %s codec merges back every answer each step writes (property)',
    (side) => fc.assert(roundTripProperties[side]()),
  );

  it("the server's save schema takes every answer of the payload a walk makes (property)", () => {
    const walk = walks(APPLICANT_JOURNEY_IDS, applicantChoices, 0);
    fc.assert(
      fc.property(walk, ([journeyId, choices]) => {
        const payload = applicantCodec.toPayload(journeyId, fillApplicant(journeyId, {}, Infinity, choices));
        const parsed = createApplicantDraftSaveSchema(walkContext).safeParse(payload);
        expect(parsed.error?.issues ?? []).toEqual([]);
        // A key the schema does not name is refused by the server (a strict body): the schema must name each one.
        expect(Object.keys(parsed.data ?? {}).sort()).toEqual(Object.keys(payload).sort());
      }),
      { numRuns: 30 },
    );
  });

  it('sends nothing for an answer not yet given, and no card choice unless the organisation pays', () => {
    expect(
      organisationCodec.toPayload('level-2', {
        anotherOrganisation: {},
        payment: { whoWillPay: 'Applicant', type: 'CARD_CSG' },
      }),
    ).toEqual({ applicationTypeCode: 'LB', whoWillPay: 'Applicant' });
    expect(applicantCodec.toPayload('level-2', { passport: {}, applicationReference: 'A1' })).toEqual({
      schemeInfo: { applicationType: 'LB' },
    });
  });

  it('notices an applicant answer whose place is taken away, for every answer a journey writes', () => {
    const drafts = APPLICANT_JOURNEY_IDS.map((id) => [id, fillApplicant(id)] as const);
    const written = new Set(drafts.flatMap(([, draft]) => Object.keys(draft)));
    written.delete('applicationReference');
    expect(written.size).toBeGreaterThan(15);
    for (const key of written) {
      const places = { ...PAYLOAD_PLACES.applicant, [key]: 'not sent' } as typeof PAYLOAD_PLACES.applicant;
      const lost = drafts.some(([id, draft]) => {
        const { merged, expected } = roundTrip.applicant(id, draft, places);
        return !isDeepEqual(merged, expected);
      });
      expect(lost, `without the place of ${key}`).toBe(true);
    }
  });

  it('notices an organisation answer whose place is taken away, for every answer a journey writes', () => {
    const drafts = ORGANISATION_JOURNEY_IDS.map((id) => [id, fillOrganisation(id)] as const);
    const written = new Set(drafts.flatMap(([, draft]) => Object.keys(draft)));
    for (const key of written) {
      const places = {
        ...PAYLOAD_PLACES.organisation,
        [key]: 'not sent',
      } as typeof PAYLOAD_PLACES.organisation;
      const lost = drafts.some(
        ([id, draft]) => !isDeepEqual(...values(roundTrip.organisation(id, draft, places))),
      );
      expect(lost, `without the place of ${key}`).toBe(true);
    }
  });
});

const values = ({ merged, expected }: { merged: unknown; expected: unknown }) => [merged, expected] as const;
function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}
