import type { ApplicantJourneyId, ApplicationTypeCode } from '../codes';
import { WORKFORCES } from '../codes';
import { journeyTypeCode } from '../rules/journey-types';
import { regulatoryBodiesFormSchema, regulatoryBodyCheckFormSchema } from '../validation/regulatory-bodies';
import { pvgNumberFormSchema } from '../validation/scheme-number';
import type { ApplicantDraft, RegulatoryBodyAnswer } from './answers';
import type { StepDefinition } from './build';
import { defined, defineSteps, list } from './build';
import type { DraftAnswers } from './draft-types';
import { field } from './fields';
import { stepSchema } from './schema-table';
import { defineYesNoGates } from './yes-no-gate';
import { lines, workforcesText } from './format';

// The applicant's memberships (check-your-answers group `memberships`): the workforces of a confirmation journey,
// the PVG number of a membership journey, and the regulatory bodies of every PVG journey.

type Step = StepDefinition<ApplicantDraft>;
const step = defineSteps<ApplicantDraft>();
/** Each yes/no question that opens a details page. */
const yesNo = defineYesNoGates<ApplicantDraft>();

/**
 * Where these pages store their answers: the applicant draft's type is inferred from it (answers.ts). The
 * workforces and the PVG number's flags go into schemeInfo, which the server completes (answers.ts).
 */
export const MEMBERSHIP_ANSWERS = {
  top: [pvgNumberFormSchema],
  at: { regulatoryBodies: [regulatoryBodyCheckFormSchema, regulatoryBodiesFormSchema] },
} as const satisfies DraftAnswers;

/** Types of an existing scheme member (document 1 section 1). */
const EXISTING_MEMBER_TYPES: readonly ApplicationTypeCode[] = ['PC', 'PD', 'ER'];

/** Types of an existing scheme member: their journeys ask the current address only. */
export function isExistingMemberType(type: ApplicationTypeCode): boolean {
  return EXISTING_MEMBER_TYPES.includes(type);
}

/** Document 2 section 4: an existing PVG member is treated as a previous member unless the type is the scheme record. */
export function isPreviousSchemeMember(type: ApplicationTypeCode, pvgNumber: string | undefined): boolean {
  if (type === 'SR') return false;
  return pvgNumber !== undefined || EXISTING_MEMBER_TYPES.includes(type);
}

export const workforce = step({
  id: 'workforce',
  group: 'memberships',
  writes: ['schemeInfo.workforces'],
  schema: stepSchema('workforce'),
  fields: [field.multi('workforces', WORKFORCES)],
  read: (a) => defined({ workforces: a.schemeInfo?.workforces }),
  write: (a, v) => ({ ...a, schemeInfo: { ...a.schemeInfo, ...v } }),
  summary: (a) => [{ labelKey: 'workforce.summary', value: workforcesText(a.schemeInfo?.workforces) }],
});

export function pvgNumber(id: ApplicantJourneyId): Step {
  const type = journeyTypeCode(id);
  return step({
    id: 'pvg-number',
    group: 'memberships',
    writes: ['pvgNumber', 'schemeInfo.wasMemberPreviously', 'schemeInfo.existingPVGIdNumber'],
    schema: stepSchema('pvgNumber'),
    fields: [field.text('pvgNumber', { width: '20', autoComplete: 'off' })],
    read: (a) =>
      typeof a.schemeInfo?.wasMemberPreviously === 'boolean' ? { pvgNumber: a.pvgNumber } : undefined,
    write: (a, v) => {
      const { pvgNumber: _old, ...rest } = a;
      const { existingPVGIdNumber: _oldId, ...schemeInfo } = a.schemeInfo ?? {};
      return {
        ...rest,
        ...(v.pvgNumber === undefined ? {} : { pvgNumber: v.pvgNumber }),
        schemeInfo: {
          ...schemeInfo,
          wasMemberPreviously: isPreviousSchemeMember(type, v.pvgNumber),
          ...(v.pvgNumber === undefined ? {} : { existingPVGIdNumber: v.pvgNumber }),
        },
      };
    },
    summary: (a) => [{ labelKey: 'pvgNumber.summary', value: lines(a.pvgNumber) }],
  });
}

export const regulatoryBodyCheck = yesNo({
  id: 'regulatory-body-check',
  group: 'memberships',
  at: 'regulatoryBodies',
  flag: 'isRegulatoryBodyMember',
  schema: stepSchema('regulatoryBodyCheck'),
  summaryKey: 'regulatoryBodyCheck.summary',
  details: 'regulatory-body',
  whenNo: (_a, _nav, links) => links.review,
  cleared: { details: [] },
});

export const regulatoryBody = step({
  id: 'regulatory-body',
  view: 'regulatory-bodies-list',
  group: 'memberships',
  writes: ['regulatoryBodies.details'],
  schema: stepSchema('regulatoryBodies'),
  read: (a) => defined({ details: a.regulatoryBodies?.details }),
  write: (a, v) => ({
    ...a,
    regulatoryBodies: { isRegulatoryBodyMember: true, details: v.details },
  }),
  next: (_a, _nav, links) => links.review,
  summary: (a) => [
    {
      labelKey: 'regulatoryBody.summary',
      value: list(a.regulatoryBodies?.details).flatMap((entry) => {
        const body = entry as RegulatoryBodyAnswer;
        return body.selected === true ? [lines(body.name, body.registrationNumber).join(': ')] : [];
      }),
    },
  ],
});
