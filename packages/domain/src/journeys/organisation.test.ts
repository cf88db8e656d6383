import { describe, expect, it } from 'vitest';
import type { OrganisationJourneyId } from '../codes';
import { ORGANISATION_JOURNEY_IDS } from '../codes';
import type { OrganisationDraft } from './answers';
import {
  applyStep,
  canVisit,
  checkYourAnswers,
  isJourneyComplete,
  nextPath,
  previousPath,
  reachableSteps,
  redirectTarget,
} from './engine';
import { getOrganisationJourney, organisationJourneys } from './organisation';

import {
  ctx,
  CYA,
  pageErrorKeys,
  type StepRow as Row,
  fillOrganisation as fill,
  organisationPayloads as payloads,
  type Payload,
} from '../../test/journey-walks';

const errorKeys = (id: OrganisationJourneyId, stepId: string, values: unknown) =>
  pageErrorKeys(organisationJourneys[id], stepId, values);

// [step id, path, next in normal mode, next in edit mode] along the fullest branch: applying on behalf of
// another organisation, not volunteering, the organisation paying by invoice.
const tail: Row[] = [
  ['verify-applicant', 'verify-applicant', 'applicant-details', CYA],
  ['applicant-details', 'applicant-details', 'applicant-address/postcode', CYA],
  ['applicant-address', 'applicant-address/postcode', 'choose-applying-on-behalf', CYA],
  [
    'choose-applying-on-behalf',
    'choose-applying-on-behalf',
    'applying-on-behalf-organisation',
    'applying-on-behalf-organisation?edit=true',
  ],
  ['applying-on-behalf-organisation', 'applying-on-behalf-organisation', 'choose-who-will-pay', CYA],
  ['choose-who-will-pay', 'choose-who-will-pay', 'select-payment-method', 'select-payment-method?edit=true'],
  ['select-payment-method', 'select-payment-method', CYA, CYA],
  [CYA, CYA, 'declaration', 'declaration'],
];
const tables: Record<OrganisationJourneyId, Row[]> = {
  'level-1': [['role-details', 'role-details', 'verify-applicant', CYA], ...tail],
  'level-2': [
    ['confirm-role', 'confirm-role', 'role-details', CYA],
    ['role-details', 'role-details', 'verify-applicant', CYA],
    ...tail,
  ],
  'level-2-barred': [
    ['confirm-role', 'confirm-role', 'barred-list-check', CYA],
    ['barred-list-check', 'barred-list-check', 'role-details', CYA],
    ['role-details', 'role-details', 'verify-applicant', CYA],
    ...tail,
  ],
  'pvg-join': [
    ['role-details', 'role-details', 'organisation-details', CYA],
    ['organisation-details', 'organisation-details', 'verify-applicant', 'choose-who-will-pay?edit=true'],
    ...tail,
  ],
  'pvg-existing': [
    ['role-details', 'role-details', 'organisation-details', CYA],
    ['organisation-details', 'organisation-details', 'verify-applicant', 'choose-who-will-pay?edit=true'],
    ...tail,
  ],
};

describe.each(ORGANISATION_JOURNEY_IDS)('organisation journey %s', (id) => {
  const journey = organisationJourneys[id];
  const base = `/csg-apply/${id}`;
  const rows = tables[id];
  const answers = fill(id);

  it('has exactly the steps of its table, in order', () => {
    expect(reachableSteps(journey, answers, ctx).map((step) => step.id)).toEqual(
      rows.map(([stepId]) => stepId),
    );
    expect(isJourneyComplete(journey, answers, ctx)).toBe(true);
    expect(journey.basePath).toBe(base);
  });

  it.each(rows.map((row, index) => [row[0], row, rows[index - 1]] as const))(
    '%s: path, previous and next in normal and edit mode',
    (stepId, [, path, next, nextEdit], previous) => {
      const step = journey.step(stepId);
      expect(step?.path).toBe(path);
      expect(canVisit(journey, path, answers, ctx)).toBe(true);
      expect(previousPath(journey, stepId, answers, ctx)).toBe(
        previous ? `${base}/${previous[1]}` : '/dashboard',
      );
      expect(nextPath(journey, stepId, answers, ctx)).toBe(`${base}/${next}`);
      expect(nextPath(journey, stepId, answers, ctx, { edit: true })).toBe(`${base}/${nextEdit}`);
    },
  );

  it.each(rows.filter(([stepId]) => stepId !== CYA).map(([stepId]) => stepId))(
    '%s: an empty payload gives its error keys and the valid one none',
    (stepId) => {
      const payload = payloads(id.startsWith('pvg'))[stepId] as Payload;
      expect(errorKeys(id, stepId, payload.empty ?? {})).toEqual(payload.errors);
      expect(errorKeys(id, stepId, payload.valid)).toEqual([]);
    },
  );

  it('shows every step as a question, but the address and the review', () => {
    const journey = getOrganisationJourney(id)!;
    for (const step of journey.steps) {
      const expected =
        step.id === 'check-your-answers'
          ? 'review'
          : step.id === 'applicant-address'
            ? 'address'
            : 'question';
      expect(step.view, step.id).toBe(expected);
    }
  });

  it('redirects a page ahead of the answers to the furthest reachable step', () => {
    expect(redirectTarget(journey, `${base}/select-payment-method`, {}, ctx)).toBe(`${base}/${rows[0]?.[1]}`);
    expect(redirectTarget(journey, `${base}/declaration`, answers, ctx)).toBeNull();
    expect(canVisit(journey, 'payment', {}, ctx)).toBe(false);
  });
});

describe('organisation conditional navigation (document 1 section 4)', () => {
  const level1 = organisationJourneys['level-1'];
  const pvg = organisationJourneys['pvg-join'];

  it('applying on behalf "no" goes to who-will-pay, or the review in edit mode or for a volunteer', () => {
    const answers = fill('level-1', { 'choose-applying-on-behalf': { isCsgForAnotherOrganisation: 'no' } });
    expect(reachableSteps(level1, answers, ctx).map((s) => s.id)).not.toContain(
      'applying-on-behalf-organisation',
    );
    expect(nextPath(level1, 'choose-applying-on-behalf', answers, ctx)).toBe(
      '/csg-apply/level-1/choose-who-will-pay',
    );
    expect(nextPath(level1, 'choose-applying-on-behalf', answers, ctx, { edit: true })).toBe(
      '/csg-apply/level-1/check-your-answers',
    );
    const volunteer = fill('pvg-join', {
      'organisation-details': { volunteerForQualifyingOrganisation: 'yes' },
      'choose-applying-on-behalf': { isCsgForAnotherOrganisation: 'no' },
    });
    expect(nextPath(pvg, 'choose-applying-on-behalf', volunteer, ctx)).toBe(
      '/csg-apply/pvg-join/check-your-answers',
    );
    expect(reachableSteps(pvg, volunteer, ctx).map((s) => s.id)).not.toContain('choose-who-will-pay');
    expect(isJourneyComplete(pvg, volunteer, ctx)).toBe(true);
  });

  it('applying on behalf of a volunteer organisation goes straight to the review', () => {
    const volunteer = fill('pvg-join', {
      'organisation-details': { volunteerForQualifyingOrganisation: 'yes' },
    });
    expect(nextPath(pvg, 'applying-on-behalf-organisation', volunteer, ctx)).toBe(
      '/csg-apply/pvg-join/check-your-answers',
    );
  });

  it('the applicant paying skips the payment method', () => {
    const answers = fill('level-1', { 'choose-who-will-pay': { whoWillPay: 'Applicant' } });
    expect(nextPath(level1, 'choose-who-will-pay', answers, ctx)).toBe(
      '/csg-apply/level-1/check-your-answers',
    );
    expect(canVisit(level1, 'select-payment-method', answers, ctx)).toBe(false);
    expect(isJourneyComplete(level1, answers, ctx)).toBe(true);
  });

  it('the volunteering step in edit mode: yes to the review, no to who-will-pay; otherwise verify-applicant', () => {
    const volunteer = fill('pvg-join', {
      'organisation-details': { volunteerForQualifyingOrganisation: 'yes' },
    });
    expect(nextPath(pvg, 'organisation-details', volunteer, ctx, { edit: true })).toBe(
      '/csg-apply/pvg-join/check-your-answers',
    );
    expect(nextPath(pvg, 'organisation-details', volunteer, ctx)).toBe(
      '/csg-apply/pvg-join/verify-applicant',
    );
    // Turning volunteering off in edit mode leaves who-will-pay unanswered: it is asked next, then the review.
    const changed = applyStep(
      pvg,
      'organisation-details',
      volunteer,
      { volunteerForQualifyingOrganisation: 'no' },
      ctx,
    );
    expect(changed.success).toBe(true);
    if (!changed.success) return;
    expect(nextPath(pvg, 'organisation-details', changed.answers, ctx, { edit: true })).toBe(
      '/csg-apply/pvg-join/choose-who-will-pay?edit=true',
    );
    expect(isJourneyComplete(pvg, changed.answers, ctx)).toBe(false);
  });
});

describe('organisation drafts', () => {
  it('stores the answers in the shape of the spec draft entity', () => {
    expect(fill('pvg-join')).toEqual({
      applicant: {
        roleDetails: { position: 'Youth worker', volunteerForQualifyingOrganisation: false },
        schemeInfo: { workforces: ['CHILD'] },
        currentName: { forename: 'Ann', surname: "O'Neill" },
        dateOfBirth: { day: 3, month: 4, year: 1990 },
        email: 'ann@example.com',
        address: { line1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
      },
      verified: true,
      anotherOrganisation: {
        isCsgForAnotherOrganisation: true,
        organisationName: 'Leeds Youth Club',
        organisationEmail: 'club@example.com',
      },
      payment: { whoWillPay: 'Organisation', type: 'INVOICE', subAccountCode: 'CC01' },
    });
  });

  it('makes a tampered draft incomplete', () => {
    const journey = organisationJourneys['level-2'];
    const answers = fill('level-2');
    expect(isJourneyComplete(journey, { ...answers, confirmRoleQualifies: false }, ctx)).toBe(false);
    expect(isJourneyComplete(journey, { ...answers, payment: { whoWillPay: 'Organisation' } }, ctx)).toBe(
      false,
    );
    expect(
      isJourneyComplete(journey, { ...answers, applicant: { ...answers.applicant, email: 'nope' } }, ctx),
    ).toBe(false);
    expect(isJourneyComplete(journey, { applicant: 'x' } as unknown as OrganisationDraft, ctx)).toBe(false);
  });

  it('applies the scheme age minimum of 16 in PVG journeys only', () => {
    const fourteen = {
      firstName: 'Al',
      lastName: 'Bo',
      dateOfBirth: { day: 1, month: 1, year: 2011 },
      email: 'a@b.co',
    };
    expect(errorKeys('level-1', 'applicant-details', fourteen)).toEqual([]);
    expect(errorKeys('pvg-join', 'applicant-details', fourteen)).toEqual([
      'applicantDetails.dateOfBirth.tooYoungScheme',
    ]);
  });

  it('clears answers that a changed choice makes meaningless', () => {
    const journey = organisationJourneys['level-1'];
    const answers = fill('level-1');
    const noOrg = applyStep(
      journey,
      'choose-applying-on-behalf',
      answers,
      { isCsgForAnotherOrganisation: 'no' },
      ctx,
    );
    expect(noOrg.success && noOrg.answers.anotherOrganisation).toEqual({
      isCsgForAnotherOrganisation: false,
    });
    const applicantPays = applyStep(
      journey,
      'choose-who-will-pay',
      answers,
      { whoWillPay: 'Applicant' },
      ctx,
    );
    expect(applicantPays.success && applicantPays.answers.payment).toEqual({ whoWillPay: 'Applicant' });
    const card = applyStep(
      journey,
      'select-payment-method',
      answers,
      { type: 'CARD_CSG', subAccountCode: 'X1' },
      ctx,
    );
    expect(card.success && card.answers.payment).toEqual({ whoWillPay: 'Organisation', type: 'CARD_CSG' });
  });

  it('builds check-your-answers in three groups with change links', () => {
    const sections = checkYourAnswers(organisationJourneys['level-2-barred'], fill('level-2-barred'), ctx);
    expect(sections.map((section) => section.id)).toEqual(['application', 'applicant', 'payment']);
    const rows = sections.flatMap((section) => section.rows);
    expect(rows.find((row) => row.stepId === 'barred-list-check')).toMatchObject({
      value: ['Protected adults', 'Children'],
      href: '/csg-apply/level-2-barred/barred-list-check?edit=true',
    });
    expect(
      rows.find((row) => row.stepId === 'applicant-details' && row.labelKey.includes('dateOfBirth'))?.value,
    ).toEqual(['03 April 1990']);
    expect(rows.find((row) => row.stepId === 'applicant-address')?.href).toBe(
      '/csg-apply/level-2-barred/applicant-address/postcode?edit=true',
    );
    expect(rows.find((row) => row.stepId === 'select-payment-method')?.value).toEqual(['Invoice', 'CC01']);
  });

  it('accepts the manual address path and looks journeys up by id', () => {
    const journey = organisationJourneys['level-1'];
    expect(canVisit(journey, 'applicant-address/manual', fill('level-1'), ctx)).toBe(true);
    expect(canVisit(journey, 'address/postcode/1', fill('level-1'), ctx)).toBe(false);
    expect(getOrganisationJourney('level-2')).toBe(organisationJourneys['level-2']);
    expect(getOrganisationJourney('pvgcj')).toBeUndefined();
    expect(getOrganisationJourney('toString')).toBeUndefined();
  });
});
