import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApplicantJourneyId } from '../codes';
import { APPLICANT_JOURNEY_IDS } from '../codes';
import type { ApplicantDraft } from './answers';
import { applicantJourneys, getApplicantJourney } from './applicant';
import { isPreviousSchemeMember } from './applicant-memberships';
import * as engine from './engine';
import {
  DRAFT_CREATING,
  address,
  applicantPayloads as payloads,
  ctx,
  CYA,
  pageErrorKeys,
  type StepRow as Row,
  fillApplicant as fill,
  type Payload,
} from '../../test/journey-walks';

const errorKeys = (id: ApplicantJourneyId, stepId: string, values: unknown) =>
  pageErrorKeys(applicantJourneys[id], stepId, values);

const edit = (path: string) => `${path}?edit=true`;

function rows(id: ApplicantJourneyId): Row[] {
  const membership = id === 'pvg-join' || id === 'pvg-existing';
  const confirmation = id === 'pvgcj' || id === 'pvgce';
  const currentOnly = membership || id === 'pvgce';
  const pvg = membership || confirmation;
  const chain: [string, string, string?][] = [
    ['start', 'start'],
    ['personal-information', 'personal-information'],
    ...(confirmation ? [['workforce', 'workforce'] as [string, string]] : []),
    ['name', 'name'],
    ['previous-name-check', 'previous-name-check', edit('previous-name')],
    ['previous-name', 'previous-name'],
    ...(membership ? [] : [['mothers-maiden-name', 'mothers-maiden-name'] as [string, string]]),
    ['date-of-birth', 'date-of-birth'],
    ...(currentOnly
      ? []
      : ([
          ['gender', 'gender'],
          ['place-of-birth', 'place-of-birth'],
          ['nationality', 'nationality'],
        ] as [string, string][])),
    ...(currentOnly
      ? [['applicant-address', 'applicant-address/postcode'] as [string, string]]
      : ([
          ['address-history-intro', 'address-history-intro'],
          ['address/current', 'address/postcode/current', edit('address/postcode/1')],
          ['address/1', 'address/postcode/1', edit('address/postcode/2')],
          ['address/2', 'address/postcode/2'],
          ['address-history-check', 'address-history-check'],
        ] as [string, string, string?][])),
    ['contact-details', 'contact-details'],
    ...(membership ? [['pvg-number', 'pvg-number'] as [string, string]] : []),
    ['national-insurance-number', 'national-insurance-number'],
    ['passport-check', 'passport-check', edit('passport')],
    ['passport', 'passport'],
    ['driving-licence-check', 'driving-licence-check', edit('driving-licence')],
    ['driving-licence', 'driving-licence'],
    ...(pvg
      ? ([
          ['regulatory-body-check', 'regulatory-body-check', edit('regulatory-body')],
          ['regulatory-body', 'regulatory-body'],
        ] as [string, string, string?][])
      : []),
  ];
  const table: Row[] = chain.map(([stepId, path, nextEdit], index) => [
    stepId,
    path,
    chain[index + 1]?.[1] ?? CYA,
    nextEdit ?? CYA,
  ]);
  return [...table, [CYA, CYA, 'declaration', 'declaration']];
}

describe.each(APPLICANT_JOURNEY_IDS)('applicant journey %s', (id) => {
  const journey = applicantJourneys[id];
  const base = `/applicant-apply/${id}`;
  const table = rows(id);
  const answers = fill(id);

  it('has exactly the steps of its table, in order', () => {
    expect(engine.reachableSteps(journey, answers, ctx).map((step) => step.id)).toEqual(
      table.map(([stepId]) => stepId),
    );
    expect(engine.isJourneyComplete(journey, answers, ctx)).toBe(true);
  });

  it("walked by the server's complete steps (decision 0077), goes wherever the schemas take it", () => {
    const told = { ...ctx, completeSteps: engine.completeStepIds(journey, answers, ctx) };
    expect(engine.reachableSteps(journey, answers, told).map((step) => step.id)).toEqual(
      table.map(([stepId]) => stepId),
    );
    for (const [stepId] of table) {
      expect(engine.nextPath(journey, stepId, answers, told)).toBe(
        engine.nextPath(journey, stepId, answers, ctx),
      );
      expect(engine.previousPath(journey, stepId, answers, told)).toBe(
        engine.previousPath(journey, stepId, answers, ctx),
      );
    }
    expect(engine.checkYourAnswers(journey, answers, told)).toEqual(
      engine.checkYourAnswers(journey, answers, ctx),
    );
    const started = { ...ctx, completeSteps: engine.completeStepIds(journey, {}, ctx) };
    expect(engine.redirectTarget(journey, 'declaration', {}, started)).toBe(
      engine.redirectTarget(journey, 'declaration', {}, ctx),
    );
  });

  it.each(table.map((row, index) => [row[0], row, table[index - 1]] as const))(
    '%s: path, previous and next in normal and edit mode',
    (stepId, [, path, next, nextEdit], previous) => {
      expect(journey.step(stepId)?.path).toBe(path);
      expect(engine.canVisit(journey, `${base}/${path}`, answers, ctx)).toBe(true);
      expect(engine.previousPath(journey, stepId, answers, ctx)).toBe(
        previous ? `${base}/${previous[1]}` : '/dashboard',
      );
      expect(engine.backLink(journey, stepId, answers, ctx).text).toBe(
        previous ? 'Back' : 'Back to applications',
      );
      expect(engine.nextPath(journey, stepId, answers, ctx)).toBe(`${base}/${next}`);
      expect(engine.nextPath(journey, stepId, answers, ctx, { edit: true })).toBe(`${base}/${nextEdit}`);
    },
  );

  it.each(table.filter(([, , ,]) => true).flatMap(([stepId]) => (payloads[stepId] ? [stepId] : [])))(
    '%s: an empty payload gives its error keys and the valid one none',
    (stepId) => {
      const payload = payloads[stepId] as Payload;
      expect(errorKeys(id, stepId, payload.empty ?? {})).toEqual(payload.errors);
      expect(errorKeys(id, stepId, payload.valid)).toEqual([]);
    },
  );

  it('cannot jump ahead of the answers', () => {
    const first = DRAFT_CREATING.includes(id) ? 'start' : 'personal-information';
    expect(engine.redirectTarget(journey, `${base}/passport`, {}, ctx)).toBe(`${base}/${first}`);
    expect(engine.canVisit(journey, 'declaration', {}, ctx)).toBe(false);
  });
});

describe('applicant conditional navigation (document 2 section 4)', () => {
  const level1 = applicantJourneys['level-1'];
  const pvgJoin = applicantJourneys['pvg-join'];

  it('previous names no: mother’s maiden name, or date of birth in membership journeys, or the review in edit mode', () => {
    const no = { 'previous-name-check': { hasPreviousNames: 'no' } };
    const answers = fill('level-1', no);
    expect(engine.nextPath(level1, 'previous-name-check', answers, ctx)).toBe(
      '/applicant-apply/level-1/mothers-maiden-name',
    );
    expect(engine.nextPath(level1, 'previous-name-check', answers, ctx, { edit: true })).toBe(
      '/applicant-apply/level-1/check-your-answers',
    );
    expect(engine.reachableSteps(level1, answers, ctx).map((s) => s.id)).not.toContain('previous-name');
    expect(answers.previousNames).toEqual([]);
    expect(engine.nextPath(pvgJoin, 'previous-name-check', fill('pvg-join', no), ctx)).toBe(
      '/applicant-apply/pvg-join/date-of-birth',
    );
  });

  it('previous names yes with an empty list leaves the journey incomplete at the list', () => {
    const answers = { ...fill('level-1'), previousNames: [] };
    expect(engine.firstIncompleteStep(level1, answers, ctx)?.id).toBe('previous-name');
  });

  it('passport no goes to the driving licence check (review in edit mode)', () => {
    const answers = fill('level-1', { 'passport-check': { hasPassport: 'no' } });
    expect(engine.nextPath(level1, 'passport-check', answers, ctx)).toBe(
      '/applicant-apply/level-1/driving-licence-check',
    );
    expect(engine.nextPath(level1, 'passport-check', answers, ctx, { edit: true })).toBe(
      '/applicant-apply/level-1/check-your-answers',
    );
    expect(answers.passport).toEqual({ hasPassport: false });
  });

  it('driving licence no goes to the review, or the regulatory body check in PVG journeys', () => {
    const no = { 'driving-licence-check': { hasDrivingLicence: 'no' } };
    expect(engine.nextPath(level1, 'driving-licence-check', fill('level-1', no), ctx)).toBe(
      '/applicant-apply/level-1/check-your-answers',
    );
    const pvg = fill('pvg-join', no);
    expect(engine.nextPath(pvgJoin, 'driving-licence-check', pvg, ctx)).toBe(
      '/applicant-apply/pvg-join/regulatory-body-check',
    );
    expect(engine.nextPath(pvgJoin, 'driving-licence-check', pvg, ctx, { edit: true })).toBe(
      '/applicant-apply/pvg-join/check-your-answers',
    );
  });

  it('regulatory body no goes to the review and clears the bodies', () => {
    const answers = fill('pvgcj', { 'regulatory-body-check': { isRegulatoryBodyMember: 'no' } });
    expect(engine.nextPath(applicantJourneys.pvgcj, 'regulatory-body-check', answers, ctx)).toBe(
      '/applicant-apply/pvgcj/check-your-answers',
    );
    expect(answers.regulatoryBodies).toEqual({ isRegulatoryBodyMember: false, details: [] });
  });
});

describe('address history', () => {
  const journey = applicantJourneys['level-1'];

  it('needs three addresses here, and derives each previous address’s end from the next one', () => {
    const answers = fill('level-1');
    expect(answers.previousAddresses).toHaveLength(2);
    expect(answers.currentAddress?.residentTo).toBeUndefined();
    expect(answers.previousAddresses?.[0]?.residentTo).toEqual({ month: 1, year: 2023 });
    expect(answers.previousAddresses?.[1]?.residentTo).toEqual({ month: 5, year: 2021 });
  });

  it('goes straight to the check when the current address covers five years', () => {
    const answers = fill('level-1', { 'address/current': address(6, 2020) });
    expect(answers.previousAddresses).toEqual([]);
    expect(engine.nextPath(journey, 'address/current', answers, ctx)).toBe(
      '/applicant-apply/level-1/address-history-check',
    );
    expect(engine.canVisit(journey, 'address/manual/1', answers, ctx)).toBe(false);
  });

  it('drops older addresses when an edit makes the history complete earlier', () => {
    const answers = fill('level-1');
    const changed = engine.applyStep(journey, 'address/current', answers, address(3, 2018), ctx);
    expect(changed.success && changed.answers.previousAddresses).toEqual([]);
    if (!changed.success) return;
    expect(engine.nextPath(journey, 'address/current', changed.answers, ctx, { edit: true })).toBe(
      '/applicant-apply/level-1/check-your-answers',
    );
    expect(engine.isJourneyComplete(journey, changed.answers, ctx)).toBe(true);
  });

  it('makes a tampered history incomplete: out of order, extra addresses, garbage', () => {
    const answers = fill('level-1');
    const [first, second] = answers.previousAddresses ?? [];
    const swapped = { ...answers, previousAddresses: [second, first] } as ApplicantDraft;
    expect(engine.firstIncompleteStep(journey, swapped, ctx)?.id).toBe('address/1');
    const extra = {
      ...answers,
      previousAddresses: [
        ...(answers.previousAddresses ?? []),
        { ...address(1, 2017), residentFrom: { month: 1, year: 2017 } },
      ],
    } as ApplicantDraft;
    expect(engine.firstIncompleteStep(journey, extra, ctx)?.id).toBe('address-history-check');
    const garbage = { ...answers, previousAddresses: 'nope' } as unknown as ApplicantDraft;
    expect(engine.firstIncompleteStep(journey, garbage, ctx)?.id).toBe('address/1');
  });

  it('resolves both entry modes of every numbered address, and nothing else', () => {
    expect(journey.stepForPath('address/manual/2')?.id).toBe('address/2');
    expect(journey.stepForPath('address/manual/0')).toBeUndefined();
    expect(journey.step('address/x')).toBeUndefined();
    expect(applicantJourneys['pvg-join'].stepForPath('address/postcode/1')).toBeUndefined();
  });

  it('never leaves the walk unfinished for any residence dates (property)', () => {
    const covered = fill('level-1', { 'address/current': address(6, 2020) });
    const month = fc.record({
      month: fc.integer({ min: 1, max: 12 }),
      year: fc.integer({ min: 2010, max: 2025 }),
    });
    fc.assert(
      fc.property(fc.array(month, { minLength: 1, maxLength: 6 }), (starts) => {
        let answers = covered;
        starts.forEach((from, index) => {
          const result = engine.applyStep(
            journey,
            index === 0 ? 'address/current' : `address/${index}`,
            answers,
            { ...address(1, 2000), residentFrom: from },
            ctx,
          );
          if (result.success) answers = result.answers;
        });
        const walk = engine.reachableSteps(journey, answers, ctx).map((s) => s.id);
        const complete = engine.isJourneyComplete(journey, answers, ctx);
        // Either complete, or stopped at an address step (or its check) that the user can fix.
        expect(complete || /^address/.test(walk.at(-1) ?? '')).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('applicant drafts', () => {
  it('start counts as answered only once the draft exists where start creates it', () => {
    expect(engine.reachableSteps(applicantJourneys['level-1'], {}, ctx).map((s) => s.id)).toEqual(['start']);
    expect(engine.reachableSteps(applicantJourneys['level-1-csg'], {}, ctx).map((s) => s.id)).toEqual([
      'start',
      'personal-information',
    ]);
  });

  it('records an existing member as a previous member unless the type is the scheme record', () => {
    expect(fill('pvg-existing').schemeInfo).toEqual({ wasMemberPreviously: true });
    expect(fill('pvg-join').schemeInfo).toEqual({ wasMemberPreviously: false });
    const numbered = fill('pvg-join', { 'pvg-number': { pvgNumber: '1001011234534567' } });
    expect(numbered.pvgNumber).toBe('1001011234534567');
    expect(numbered.schemeInfo).toEqual({
      wasMemberPreviously: true,
      existingPVGIdNumber: '1001011234534567',
    });
    expect(isPreviousSchemeMember('SR', '1001011234534567')).toBe(false);
    expect(isPreviousSchemeMember('PD', undefined)).toBe(true);
  });

  it('makes tampered drafts incomplete', () => {
    const journey = applicantJourneys['level-2'];
    const answers = fill('level-2');
    expect(engine.isJourneyComplete(journey, { ...answers, passport: { hasPassport: true } }, ctx)).toBe(
      false,
    );
    expect(
      engine.isJourneyComplete(journey, { ...answers, dateOfBirth: { day: 31, month: 2, year: 1990 } }, ctx),
    ).toBe(false);
    expect(
      engine.isJourneyComplete(journey, { ...answers, currentName: null } as unknown as ApplicantDraft, ctx),
    ).toBe(false);
    // Membership journeys need 16: a 14-year-old passes level 2 but not pvg-join.
    const young = { dateOfBirth: { day: 1, month: 1, year: 2011 } };
    expect(engine.isJourneyComplete(journey, { ...answers, ...young }, ctx)).toBe(true);
    expect(
      engine.isJourneyComplete(applicantJourneys['pvg-join'], { ...fill('pvg-join'), ...young }, ctx),
    ).toBe(false);
  });

  it('builds check-your-answers in three groups, each row linking to its step in edit mode', () => {
    const sections = engine.checkYourAnswers(applicantJourneys.pvgcj, fill('pvgcj'), ctx);
    expect(sections.map((section) => section.id)).toEqual([
      'personal-details',
      'identifying-information',
      'memberships',
    ]);
    const rows = sections.flatMap((section) => section.rows);
    const row = (stepId: string) => rows.find((candidate) => candidate.stepId === stepId);
    expect(row('name')?.value).toEqual(['Ms Ann Smith']);
    expect(row('previous-name')?.value).toEqual(['Ann Jones']);
    expect(row('address/1')).toMatchObject({
      value: ['1 High Street', 'Leeds', 'LS1 1AA', 'GB', 'From May 2021'],
      href: '/applicant-apply/pvgcj/address/postcode/1?edit=true',
    });
    expect(row('national-insurance-number')?.value).toEqual(['QQ123456C']);
    expect(row('regulatory-body')?.value).toEqual(['General Medical Council: 1234567']);
    expect(row('workforce')?.value).toEqual(['Protected adults']);
    expect(row('gender')?.value).toEqual(['Female']);
    expect(rows.some((candidate) => candidate.stepId === 'personal-information')).toBe(false);
  });

  it('shows the current address and the PVG number in the membership journeys', () => {
    const answers = fill('pvg-join', { 'pvg-number': { pvgNumber: '1001011234534567' } });
    const rows = engine
      .checkYourAnswers(applicantJourneys['pvg-join'], answers, ctx)
      .flatMap((section) => section.rows);
    expect(rows.find((row) => row.stepId === 'applicant-address')?.value).toEqual([
      '2 Low Road',
      'York',
      'YO1 7HH',
      'GB',
    ]);
    expect(rows.find((row) => row.stepId === 'pvg-number')?.value).toEqual(['1001011234534567']);
  });

  it('looks journeys up by id', () => {
    expect(getApplicantJourney('pvgce')).toBe(applicantJourneys.pvgce);
    expect(getApplicantJourney('constructor')).toBeUndefined();
  });
});

describe('how each step is shown', () => {
  it('every step but the questions names its view, the same in every applicant journey', () => {
    const views = new Map<string, string>();
    for (const journey of Object.values(applicantJourneys)) {
      for (const step of [...journey.steps, journey.step('address/1'), journey.step('address/2')]) {
        if (!step || step.view === 'question') continue;
        const seen = views.get(step.id);
        expect(seen === undefined || seen === step.view, `${journey.id} ${step.id}`).toBe(true);
        views.set(step.id, step.view);
      }
    }
    expect(Object.fromEntries([...views].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      'address-history-check': 'history-check',
      'address-history-intro': 'interstitial',
      'address/1': 'address',
      'address/2': 'address',
      'address/current': 'address',
      'applicant-address': 'address',
      'check-your-answers': 'review',
      'previous-name': 'previous-names-list',
      'regulatory-body': 'regulatory-bodies-list',
      start: 'landing',
    });
  });
});
