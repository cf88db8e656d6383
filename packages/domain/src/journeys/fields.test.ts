import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isRevealed,
  LICENCE_REGION_REVEAL,
  NI_NUMBER_REVEAL,
  OTHER_TITLE_REVEAL,
  SUB_ACCOUNT_CODE_REVEAL,
} from '../validation/conditional';
import { applicantJourneys } from './applicant';
import { field, isFieldShown, isSingleQuestion } from './fields';
import { organisationJourneys } from './organisation';
import type { JourneyStep } from './types';

const ctx = { now: new Date('2025-06-15T12:00:00Z') };

/** The answers a form schema holds, in schema order (a piped schema is read through to its input object). */
function schemaKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape as Record<string, unknown>) : [];
}

const journeys = [...Object.values(organisationJourneys), ...Object.values(applicantJourneys)];

function everyStep(): [string, JourneyStep<never>][] {
  return journeys.flatMap((journey) => {
    const steps = [...journey.steps, journey.step('address/1'), journey.step('address/2')];
    return steps.flatMap((step): [string, JourneyStep<never>][] =>
      step ? [[`${journey.side} ${journey.id} ${step.id}`, step as never]] : [],
    );
  });
}

describe('the fields each step shows', () => {
  it.each(everyStep())('%s: a question or address page shows exactly its schema’s answers', (_, step) => {
    const names = step.fields.map((item) => item.name);
    if (step.view === 'question' || step.view === 'address') {
      expect(names).toEqual(schemaKeys(step.schema(ctx)));
    } else {
      expect(names).toEqual([]);
    }
  });

  it('reveals each detail by the rule the schema keeps it by', () => {
    expect(isRevealed(SUB_ACCOUNT_CODE_REVEAL, { type: 'INVOICE' })).toBe(true);
    expect(isRevealed(SUB_ACCOUNT_CODE_REVEAL, { type: 'CARD_CSG' })).toBe(false);
    expect(isRevealed(OTHER_TITLE_REVEAL, { title: 'Other' })).toBe(true);
    expect(isRevealed(NI_NUMBER_REVEAL, { hasNINumber: true })).toBe(true);
    expect(isRevealed(NI_NUMBER_REVEAL, { hasNINumber: 'yes' })).toBe(false);
    expect(isRevealed(LICENCE_REGION_REVEAL, { countryOfIssue: ' united kingdom ' })).toBe(true);
    expect(isRevealed(LICENCE_REGION_REVEAL, { countryOfIssue: 'France' })).toBe(false);
    expect(isRevealed(LICENCE_REGION_REVEAL, {})).toBe(false);
  });

  it('shows a revealed detail while the page’s answer reveals it, reading yes and no as booleans', () => {
    const page = [
      field.yesNo('hasNINumber'),
      field.text('niNumber', { showWhen: NI_NUMBER_REVEAL }),
      field.hidden('residentTo'),
    ];
    const [answer, detail, hidden] = page as [never, never, never];
    expect(isFieldShown(answer, page, {})).toBe(true);
    expect(isFieldShown(detail, page, { hasNINumber: 'yes' })).toBe(true);
    expect(isFieldShown(detail, page, { hasNINumber: 'no' })).toBe(false);
    expect(isFieldShown(detail, page, {})).toBe(false);
    expect(isFieldShown(hidden, page, {})).toBe(false);
    const region = field.choice('regionOfIssue', ['GB', 'NI'], { showWhen: LICENCE_REGION_REVEAL });
    expect(isFieldShown(region, [region], { countryOfIssue: 'UK' })).toBe(true);
  });

  it('makes a page’s only choice its heading, not a page of several answers or of text', () => {
    expect(isSingleQuestion([field.yesNo('hasPassport')])).toBe(true);
    expect(isSingleQuestion([field.tick('verified')])).toBe(true);
    expect(isSingleQuestion([field.multi('workforces', ['ADULT'])])).toBe(true);
    expect(
      isSingleQuestion([
        field.choice('type', ['INVOICE']),
        field.costCentre('subAccountCode', { showWhen: SUB_ACCOUNT_CODE_REVEAL }),
      ]),
    ).toBe(true);
    expect(isSingleQuestion([field.text('nationality')])).toBe(false);
    expect(isSingleQuestion([field.yesNo('a'), field.yesNo('b')])).toBe(false);
    expect(isSingleQuestion([])).toBe(false);
  });
});
