import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { defineJourney, type JourneyDefinition, type StepDefinition } from './build';
import {
  applyStep,
  backLink,
  canVisit,
  checkYourAnswers,
  completeStepIds,
  firstIncompleteStep,
  isJourneyComplete,
  MAX_WALK_STEPS,
  nextPath,
  previousPath,
  reachableSteps,
  redirectTarget,
  relativeStepPath,
  walkJourney,
} from './engine';

// A small journey of its own keeps the engine's tests independent of the spec's tables.
interface Answers {
  name?: string;
  pet?: boolean;
  petName?: string;
  items?: string[];
}

/** An organisation journey of these steps alone (no groups, no pages after the review), for the walk's guards. */
function bareJourney(
  id: string,
  basePath: string,
  steps: StepDefinition<Answers>[],
  more: Partial<JourneyDefinition<Answers>> = {},
) {
  return defineJourney<Answers>({
    side: 'organisation',
    id,
    basePath,
    exitPath: '/dashboard',
    groups: [],
    afterReviewPaths: [],
    steps,
    ...more,
  });
}
const ctx = { now: new Date('2025-06-15T12:00:00Z') };
const yes = z.object({ answer: z.enum(['yes', 'no'], { error: 'pet.required' }) });

const journey = defineJourney<Answers>({
  side: 'applicant',
  id: 'test',
  basePath: '/t/test',
  exitPath: '/dashboard',
  groups: [
    { id: 'me', titleKey: 'g.me' },
    { id: 'empty', titleKey: 'g.empty' },
  ],
  afterReviewPaths: ['declaration', 'payment'],
  steps: [
    { id: 'start' },
    {
      id: 'name',
      group: 'me',
      schema: () => z.object({ name: z.string({ error: 'name.required' }).min(1, 'name.required') }),
      read: (a) => (a.name === undefined ? undefined : { name: a.name }),
      write: (a, v: { name: string }) => ({ ...a, name: v.name }),
      summary: (a) => [{ labelKey: 'name', value: [a.name ?? ''] }],
    },
    {
      id: 'pet-check',
      group: 'me',
      schema: () => yes,
      read: (a) => (a.pet === undefined ? undefined : { answer: a.pet ? 'yes' : 'no' }),
      write: (a, v: { answer: string }) => ({ ...a, pet: v.answer === 'yes' }),
      next: (a, nav, links) => (a.pet ? 'pet' : nav.edit ? links.review : links.after('pet')),
      summary: (a) => [{ labelKey: 'pet', value: [a.pet ? 'Yes' : 'No'] }],
    },
    {
      id: 'pet',
      group: 'me',
      schema: () => z.object({ petName: z.string().min(1, 'petName.required') }),
      read: (a) => (a.petName === undefined ? undefined : { petName: a.petName }),
      summary: (a) => [{ labelKey: 'petName', value: [a.petName ?? ''] }],
    },
    {
      id: 'item/1',
      path: 'item/a/1',
      paths: ['item/a/1', 'item/b/1'],
      schema: () => z.string().min(1),
      read: (a) => a.items?.[0],
      next: (a, nav, links) => ((a.items?.length ?? 0) > 1 ? 'item/2' : links.review),
    },
    { id: 'check-your-answers' },
  ],
  dynamic: {
    byId(id, links) {
      const match = /^item\/(\d+)$/.exec(id);
      const n = Number(match?.[1]);
      if (!match || n < 2) return undefined;
      return {
        id,
        path: `item/a/${n}`,
        paths: [`item/a/${n}`, `item/b/${n}`],
        schema: () => z.string().min(1),
        read: (a) => a.items?.[n - 1],
        next: (a) => ((a.items?.length ?? 0) > n ? `item/${n + 1}` : links.review),
      };
    },
    idForPath(path) {
      const match = /^item\/[ab]\/(\d+)$/.exec(path);
      return match ? `item/${match[1]}` : undefined;
    },
  },
});

const done: Answers = { name: 'Ann', pet: false, items: ['x'] };

describe('walk', () => {
  it('stops at the first unanswered step and never jumps ahead', () => {
    expect(reachableSteps(journey, {}, ctx).map((s) => s.id)).toEqual(['start', 'name']);
    expect(firstIncompleteStep(journey, {}, ctx)?.id).toBe('name');
    expect(canVisit(journey, 'pet-check', {}, ctx)).toBe(false);
    expect(redirectTarget(journey, '/t/test/pet-check?edit=true', {}, ctx)).toBe('/t/test/name');
    expect(redirectTarget(journey, 'name', {}, ctx)).toBeNull();
    expect(canVisit(journey, 'nowhere', done, ctx)).toBe(false);
  });

  it('stops at an invalid answer even when later answers exist', () => {
    const answers: Answers = { ...done, name: '' };
    expect(firstIncompleteStep(journey, answers, ctx)?.id).toBe('name');
    expect(isJourneyComplete(journey, answers, ctx)).toBe(false);
  });

  it('follows the conditional branch and reaches the review when complete', () => {
    expect(reachableSteps(journey, done, ctx).map((s) => s.id)).toEqual([
      'start',
      'name',
      'pet-check',
      'item/1',
      'check-your-answers',
    ]);
    expect(isJourneyComplete(journey, done, ctx)).toBe(true);
    expect(firstIncompleteStep(journey, done, ctx)).toBeUndefined();
    const withPet: Answers = { ...done, pet: true };
    expect(firstIncompleteStep(journey, withPet, ctx)?.id).toBe('pet');
  });

  it('walks dynamic steps by index and resolves both path variants', () => {
    const answers: Answers = { ...done, items: ['a', 'b', 'c'] };
    expect(reachableSteps(journey, answers, ctx).map((s) => s.id)).toContain('item/3');
    expect(canVisit(journey, 'item/b/3', answers, ctx)).toBe(true);
    expect(canVisit(journey, 'item/b/4', answers, ctx)).toBe(false);
    expect(canVisit(journey, 'item/b/x', answers, ctx)).toBe(false);
    expect(journey.step('item/0')).toBeUndefined();
    const tampered: Answers = { ...done, items: ['a', ''] };
    expect(firstIncompleteStep(journey, tampered, ctx)?.id).toBe('item/2');
  });

  it('opens the pages after the review only to a complete draft', () => {
    expect(canVisit(journey, 'declaration', done, ctx)).toBe(true);
    expect(canVisit(journey, '/t/test/payment', { name: 'Ann' }, ctx)).toBe(false);
    expect(redirectTarget(journey, 'payment', { name: 'Ann' }, ctx)).toBe('/t/test/pet-check');
  });

  it('guards against a step that leads back to one already visited', () => {
    const looping = bareJourney('loop', '/l', [
      { id: 'a' },
      { id: 'b', next: () => 'a' },
      { id: 'check-your-answers' },
    ]);
    const walk = walkJourney(looping, {}, ctx);
    expect(walk).toMatchObject({ complete: false, loop: true });
    expect(walk.steps.map((s) => s.id)).toEqual(['a', 'b']);
    expect(isJourneyComplete(looping, {}, ctx)).toBe(false);
  });

  it('guards against an endless chain of distinct steps', () => {
    const endless = bareJourney(
      'endless',
      '/e',
      [{ id: 'n/0', next: () => 'n/1' }, { id: 'check-your-answers' }],
      {
        dynamic: {
          byId: (id) =>
            id.startsWith('n/') ? { id, next: () => `n/${Number(id.slice(2)) + 1}` } : undefined,
          idForPath: () => undefined,
        },
      },
    );
    const walk = walkJourney(endless, {}, ctx);
    expect(walk.loop).toBe(true);
    expect(walk.steps).toHaveLength(MAX_WALK_STEPS);
  });

  it('stops when a rule names a step the journey does not have', () => {
    const broken = bareJourney('broken', '/b', [
      { id: 'a', next: () => 'missing' },
      { id: 'check-your-answers' },
    ]);
    expect(walkJourney(broken, {}, ctx)).toMatchObject({ complete: false, loop: false });
    // With no pages after the review, leaving it goes back to the journey's root.
    expect(nextPath(broken, 'check-your-answers', {}, ctx)).toBe('/b/');
    expect(() => nextPath(broken, 'a', {}, ctx)).toThrow(/no step missing/);
  });

  it('refuses a table that does not end with the review', () => {
    expect(() => bareJourney('x', '/x', [{ id: 'a' }], { exitPath: '/' })).toThrow(/must end with/);
  });
});

describe('navigation', () => {
  it('follows the table in normal mode and returns to the review in edit mode', () => {
    expect(nextPath(journey, 'start', {}, ctx)).toBe('/t/test/name');
    expect(nextPath(journey, 'name', done, ctx)).toBe('/t/test/pet-check');
    expect(nextPath(journey, 'name', done, ctx, { edit: true })).toBe('/t/test/check-your-answers');
    expect(nextPath(journey, 'check-your-answers', done, ctx)).toBe('/t/test/declaration');
  });

  it('keeps edit mode on a branch that opens a new step', () => {
    const withPet: Answers = { ...done, pet: true };
    expect(nextPath(journey, 'pet-check', withPet, ctx, { edit: true })).toBe('/t/test/pet?edit=true');
    expect(nextPath(journey, 'pet', { ...withPet, petName: 'Rex' }, ctx, { edit: true })).toBe(
      '/t/test/check-your-answers',
    );
  });

  it('sends an edit that leaves a gap to the gap instead of the review', () => {
    const gap: Answers = { name: 'Ann', pet: false };
    expect(nextPath(journey, 'name', gap, ctx, { edit: true })).toBe('/t/test/item/a/1?edit=true');
  });

  it('goes back through the reachable steps, to the applications first', () => {
    expect(previousPath(journey, 'start', done, ctx)).toBe('/dashboard');
    expect(previousPath(journey, 'item/1', done, ctx)).toBe('/t/test/pet-check');
    expect(previousPath(journey, 'pet', done, ctx)).toBe('/t/test/check-your-answers');
    expect(previousPath(journey, 'name', done, ctx, { edit: true })).toBe('/t/test/check-your-answers');
    expect(backLink(journey, 'start', done, ctx)).toEqual({
      href: '/dashboard',
      text: 'Back to applications',
    });
    expect(backLink(journey, 'name', done, ctx)).toEqual({ href: '/t/test/start', text: 'Back' });
  });

  it('reads paths given in any form', () => {
    expect(relativeStepPath(journey, '/t/test/item/a/2?edit=true')).toBe('item/a/2');
    expect(relativeStepPath(journey, '/name/')).toBe('name');
    expect(relativeStepPath(journey, 'name#top')).toBe('name');
  });
});

describe('check your answers and saving', () => {
  it('groups the rows of the steps the answers pass through, each with its change link', () => {
    const sections = checkYourAnswers(journey, done, ctx);
    expect(sections).toEqual([
      {
        id: 'me',
        titleKey: 'g.me',
        rows: [
          { labelKey: 'name', value: ['Ann'], stepId: 'name', href: '/t/test/name?edit=true' },
          { labelKey: 'pet', value: ['No'], stepId: 'pet-check', href: '/t/test/pet-check?edit=true' },
        ],
      },
    ]);
    // A stale pet name is not shown once the answer is "no".
    expect(JSON.stringify(checkYourAnswers(journey, { ...done, petName: 'Rex' }, ctx))).not.toContain('Rex');
  });

  it('validates and merges a form, or returns the errors', () => {
    const ok = applyStep(journey, 'name', {}, { name: 'Bo' }, ctx);
    expect(ok).toEqual({ success: true, answers: { name: 'Bo' } });
    const bad = applyStep(journey, 'name', {}, {}, ctx);
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]?.message).toBe('name.required');
    expect(applyStep(journey, 'start', done, {}, ctx)).toEqual({ success: true, answers: done });
    // A step without a write keeps the draft as it is.
    expect(applyStep(journey, 'pet', done, { petName: 'Rex' }, ctx)).toEqual({
      success: true,
      answers: done,
    });
  });

  it('never lets a visitable page lie beyond the furthest reachable step', () => {
    const answers = fc.record(
      {
        name: fc.constantFrom('', 'Ann'),
        pet: fc.boolean(),
        petName: fc.constantFrom('', 'Rex'),
        items: fc.array(fc.constantFrom('', 'x'), { maxLength: 4 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(answers, (a) => {
        const walk = walkJourney(journey, a, ctx);
        const ids = walk.steps.map((s) => s.id);
        for (const step of journey.steps) {
          expect(canVisit(journey, step.path, a, ctx)).toBe(ids.includes(step.id));
        }
        expect(isJourneyComplete(journey, a, ctx)).toBe(ids.at(-1) === 'check-your-answers');
      }),
    );
  });
});

describe("the server's word on complete steps (decision 0077)", () => {
  const answers: Answers = { name: 'Ada', pet: true };

  it('completeStepIds lists the steps of the walk that are complete, the page with nothing to answer included', () => {
    expect(completeStepIds(journey, answers, ctx)).toEqual(['start', 'name', 'pet-check']);
    expect(completeStepIds(journey, { name: '' }, ctx)).toEqual(['start']);
  });

  it('a walk given the list goes where the schemas would take it, without checking a form', () => {
    const completeSteps = completeStepIds(journey, answers, ctx);
    const told = { ...ctx, completeSteps };
    expect(redirectTarget(journey, 'check-your-answers', answers, told)).toBe(
      redirectTarget(journey, 'check-your-answers', answers, ctx),
    );
    expect(backLink(journey, 'pet', answers, told)).toEqual(backLink(journey, 'pet', answers, ctx));
    expect(firstIncompleteStep(journey, answers, told)?.id).toBe('pet');
  });

  it('takes the list for a form step even where the answers would pass, and its own rule for a page without a form', () => {
    // The server said no form is complete (a new draft): the first form is where the walk stops.
    expect(firstIncompleteStep(journey, answers, { ...ctx, completeSteps: [] })?.id).toBe('name');
    expect(reachableSteps(journey, answers, { ...ctx, completeSteps: [] }).map((step) => step.id)).toEqual([
      'start',
      'name',
    ]);
  });
});
