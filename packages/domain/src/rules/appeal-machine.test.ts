import { describe, expect, it } from 'vitest';
import { appealTransition, isHeldBackFromOrganisation, type AppealEvent, type AppealState } from './appeals';

const start: AppealState = {
  hasAppealableConvictions: true,
  appealDecision: 'NOT_SET',
  outcomeRecorded: false,
  released: false,
};

/** Runs events in order; the state after each allowed one, or the refusal (state unchanged) for a refused one. */
function run(events: AppealEvent[], from: AppealState = start) {
  let state = from;
  const trace: string[] = [];
  for (const event of events) {
    const next = appealTransition(state, event);
    if (next.ok) {
      state = next.state;
      trace.push(`${event}:${state.appealDecision}${state.released ? ':released' : ''}`);
    } else {
      trace.push(`${event}:refused:${next.refusal}`);
    }
  }
  return { state, trace };
}

describe('appeal state machine', () => {
  it.each<[AppealEvent[], string[]]>([
    [['RELEASE'], ['RELEASE:WONT_APPEAL:released']],
    [['SCHEDULED_RELEASE'], ['SCHEDULED_RELEASE:APPEAL_RELEASED:released']],
    [['INTEND'], ['INTEND:INTENDS_TO_APPEAL']],
    [
      ['INTEND', 'RECORD_OUTCOME', 'RELEASE'],
      ['INTEND:INTENDS_TO_APPEAL', 'RECORD_OUTCOME:INTENDS_TO_APPEAL', 'RELEASE:APPEAL_RELEASED:released'],
    ],
    // Spec 02 section 4: after the scheduled pending release date the result is released, appeal or not.
    [
      ['INTEND', 'SCHEDULED_RELEASE'],
      ['INTEND:INTENDS_TO_APPEAL', 'SCHEDULED_RELEASE:APPEAL_RELEASED:released'],
    ],
    [
      ['INTEND', 'RECORD_OUTCOME', 'SCHEDULED_RELEASE'],
      [
        'INTEND:INTENDS_TO_APPEAL',
        'RECORD_OUTCOME:INTENDS_TO_APPEAL',
        'SCHEDULED_RELEASE:APPEAL_RELEASED:released',
      ],
    ],
  ])('allows %j', (events, trace) => {
    expect(run(events).trace).toEqual(trace);
  });

  it.each<[AppealEvent[], string]>([
    // Intent and release once each, in that order.
    [['INTEND', 'INTEND'], 'INTEND:refused:already-decided'],
    [['RELEASE', 'RELEASE'], 'RELEASE:refused:already-released'],
    [['RELEASE', 'INTEND'], 'INTEND:refused:already-released'],
    [['SCHEDULED_RELEASE', 'INTEND'], 'INTEND:refused:already-released'],
    [['SCHEDULED_RELEASE', 'SCHEDULED_RELEASE'], 'SCHEDULED_RELEASE:refused:already-released'],
    [['RELEASE', 'SCHEDULED_RELEASE'], 'SCHEDULED_RELEASE:refused:already-released'],
    // While an appeal is intended without an outcome, the applicant cannot release it (only the date does).
    [['INTEND', 'RELEASE'], 'RELEASE:refused:appeal-pending'],
    [['INTEND', 'SCHEDULED_RELEASE', 'SCHEDULED_RELEASE'], 'SCHEDULED_RELEASE:refused:already-released'],
    [['INTEND', 'SCHEDULED_RELEASE', 'RECORD_OUTCOME'], 'RECORD_OUTCOME:refused:no-appeal-to-decide'],
    // Outcomes only for an intended appeal, once.
    [['RECORD_OUTCOME'], 'RECORD_OUTCOME:refused:no-appeal-to-decide'],
    [['RELEASE', 'RECORD_OUTCOME'], 'RECORD_OUTCOME:refused:no-appeal-to-decide'],
    [['INTEND', 'RECORD_OUTCOME', 'RECORD_OUTCOME'], 'RECORD_OUTCOME:refused:no-appeal-to-decide'],
    [['INTEND', 'RECORD_OUTCOME', 'RELEASE', 'RELEASE'], 'RELEASE:refused:already-released'],
    [['INTEND', 'RECORD_OUTCOME', 'RELEASE', 'INTEND'], 'INTEND:refused:already-released'],
  ])('refuses the last of %j, changing nothing', (events, last) => {
    const before = run(events.slice(0, -1)).state;
    const { state, trace } = run(events);
    expect(trace.at(-1)).toBe(last);
    expect(state).toEqual(before);
  });

  it('has no question and nothing to release without an appealable conviction', () => {
    const none = { ...start, hasAppealableConvictions: false };
    for (const event of ['INTEND', 'RELEASE', 'SCHEDULED_RELEASE', 'RECORD_OUTCOME'] as const) {
      expect(appealTransition(none, event)).toEqual({ ok: false, refusal: 'no-appealable-convictions' });
    }
    expect(isHeldBackFromOrganisation(none)).toBe(false);
  });

  it('holds the result back from the organisation until released', () => {
    expect(isHeldBackFromOrganisation(start)).toBe(true);
    expect(isHeldBackFromOrganisation(run(['INTEND']).state)).toBe(true);
    expect(isHeldBackFromOrganisation(run(['RELEASE']).state)).toBe(false);
  });
});
