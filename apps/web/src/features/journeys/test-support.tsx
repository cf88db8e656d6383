import type { OrganisationDraft } from '@dis/domain';
import type { ComponentType } from 'react';
import { renderWithApp } from '../../test/render';
import type { AnyJourney, StoredDraft } from './draft';
import { FormStep } from './form-step';
import type { StepViewProps } from './step-views';

// What the journeys' tests share: a step's page shown at its address, and an organisation's draft with the
// applicant's details answered (their API is `stubFetch` of `test/render.tsx`).

interface RenderStepOptions {
  edit?: boolean;
  /** The page's path under the journey when it is not the step's own (`address/manual/1`). */
  stepPath?: string;
  /** The step's view; a question page unless given. */
  View?: ComponentType<StepViewProps>;
}

/** A step's page at its address under the journey, with the draft's token `tok`. */
export function renderStep(
  journey: AnyJourney,
  draft: StoredDraft,
  stepId: string,
  { edit = false, stepPath, View = FormStep }: RenderStepOptions = {},
) {
  const step = journey.step(stepId)!;
  const path = stepPath ?? step.path;
  return renderWithApp(<View journey={journey} draft={draft} stepPath={path} edit={edit} step={step} />, {
    path: `${journey.basePath}/${path}?token=tok`,
  });
}

/** An organisation's draft (Level 1 or 2) with the applicant's details answered, before the payment. */
export const APPLICANT_ANSWERED = {
  verified: true,
  applicant: {
    roleDetails: { position: 'Care assistant' },
    currentName: { forename: 'Ann', surname: 'Example' },
    dateOfBirth: { day: 1, month: 2, year: 1990 },
    email: 'ann@example.com',
    address: { line1: '1 Street', town: 'Edinburgh', postcode: 'EH6 6AA', country: 'United Kingdom' },
  },
  anotherOrganisation: { isCsgForAnotherOrganisation: false },
} satisfies OrganisationDraft;
