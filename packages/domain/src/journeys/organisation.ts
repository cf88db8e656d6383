import type { z } from 'zod';
import type { OrganisationJourneyId, Workforce } from '../codes';
import { ORGANISATION_JOURNEY_IDS, ORGANISATION_PAYMENT_CHOICES, WHO_PAYS, WORKFORCES } from '../codes';
import { isPvgMembershipJourney, journeyTypeCode } from '../rules/journey-types';
import { SUB_ACCOUNT_CODE_REVEAL } from '../validation/conditional';
import { dateOfBirthKindFor } from '../validation/age-rules';
import type { OrganisationDraft } from './answers';
import type { StepDefinition } from './build';
import { APPLICANT_ADDRESS_PAGE } from './address-page';
import { field } from './fields';
import { stepSchema } from './schema-table';
import { defineTopLevelQuestions } from './top-level-question';
import { defineYesNoGates } from './yes-no-gate';
import { defined, defineJourney, defineSteps, lazyJourneys, REVIEW_STEP_ID } from './build';
import { addressText, dateText, lines, nameText, workforcesText, yesNoText } from './format';
import type { Journey, JourneyContext } from './types';

// The organisation journeys of document 1 section 2, steps 1 to 11, under /csg-apply/<journey>/<step>.
// Judgement calls where the spec is silent:
// - "Applying on behalf yes: organisation details" names applying-on-behalf-organisation (the organisation
//   name and email of step 8), not the PVG organisation-details step 4. After it the same rule as for "no"
//   applies: the review in edit mode or for a volunteer, else who-will-pay.
// - A volunteer for a qualifying organisation pays nothing (payment type FREE), so who-will-pay and the
//   payment method are not asked of a volunteer: the "no" branch of applying on behalf skips them.
// - In level 2 with barred list check the workforces come from barred-list-check, so role-details asks
//   only the position there; in the PVG journeys role-details asks position and workforces.
// - role-details, organisation-details and the applying-on-behalf pair form the "application" group of
//   check-your-answers, the applicant's identity the "applicant" group, who pays the "payment" group.
// - The applicant's age minimum is 16 in the PVG journeys (scheme types), 12 otherwise.

export type OrganisationJourney = Journey<OrganisationDraft, OrganisationJourneyId, 'organisation'>;

type Step = StepDefinition<OrganisationDraft>;
/** Each step's write is checked against its own schema's output. */
const step = defineSteps<OrganisationDraft>();
/** Each yes/no question that opens a details page. */
const yesNo = defineYesNoGates<OrganisationDraft>();
/** Each plain question whose answers sit at the draft's top level under their own names. */
const question = defineTopLevelQuestions<OrganisationDraft>();

const GROUPS = [
  { id: 'application', titleKey: 'checkYourAnswers.organisation.application' },
  { id: 'applicant', titleKey: 'checkYourAnswers.organisation.applicant' },
  { id: 'payment', titleKey: 'checkYourAnswers.organisation.payment' },
] as const;

const isPvg = (id: OrganisationJourneyId): boolean => isPvgMembershipJourney(id);

function isVolunteer(answers: OrganisationDraft): boolean {
  return answers.applicant?.roleDetails?.volunteerForQualifyingOrganisation === true;
}

const confirmRole = question({
  id: 'confirm-role',
  group: 'application',
  schema: stepSchema('confirmRole'),
  fields: [field.tick('confirmRoleQualifies')],
  summary: { key: 'confirmRole.summary', value: (a) => yesNoText(a.confirmRoleQualifies) },
});

const barredListCheck = step({
  id: 'barred-list-check',
  group: 'application',
  writes: ['applicant.schemeInfo.workforces'],
  schema: stepSchema('workforce'),
  fields: [field.multi('workforces', WORKFORCES)],
  read: (a) => defined({ workforces: a.applicant?.schemeInfo?.workforces }),
  write: (a, v) => ({
    ...a,
    applicant: { ...a.applicant, schemeInfo: { ...a.applicant?.schemeInfo, ...v } },
  }),
  summary: (a) => [
    { labelKey: 'barredListCheck.summary', value: workforcesText(a.applicant?.schemeInfo?.workforces) },
  ],
});

function roleDetails(pvg: boolean): Step {
  return step({
    id: 'role-details',
    group: 'application',
    writes: pvg
      ? ['applicant.roleDetails.position', 'applicant.schemeInfo.workforces']
      : ['applicant.roleDetails.position'],
    // One output for both forms: the workforces come only with the PVG form.
    schema: (pvg ? stepSchema('pvgRoleDetails') : stepSchema('roleDetails')) as (
      ctx: JourneyContext,
    ) => z.ZodType<{ position: string; workforces?: Workforce[] }>,
    fields: pvg ? [field.text('position'), field.multi('workforces', WORKFORCES)] : [field.text('position')],
    read: (a) =>
      defined(
        pvg
          ? { position: a.applicant?.roleDetails?.position, workforces: a.applicant?.schemeInfo?.workforces }
          : { position: a.applicant?.roleDetails?.position },
      ),
    write: (a, v) => ({
      ...a,
      applicant: {
        ...a.applicant,
        roleDetails: { ...a.applicant?.roleDetails, position: v.position },
        ...(v.workforces ? { schemeInfo: { ...a.applicant?.schemeInfo, workforces: v.workforces } } : {}),
      },
    }),
    summary: (a) => [
      { labelKey: 'roleDetails.position.summary', value: lines(a.applicant?.roleDetails?.position) },
      ...(pvg
        ? [
            {
              labelKey: 'roleDetails.workforces.summary',
              value: workforcesText(a.applicant?.schemeInfo?.workforces),
            },
          ]
        : []),
    ],
  });
}

const organisationDetails = step({
  id: 'organisation-details',
  group: 'application',
  writes: ['applicant.roleDetails.volunteerForQualifyingOrganisation'],
  schema: stepSchema('organisationDetails'),
  fields: [field.yesNo('volunteerForQualifyingOrganisation')],
  read: (a) =>
    defined({
      volunteerForQualifyingOrganisation: a.applicant?.roleDetails?.volunteerForQualifyingOrganisation,
    }),
  write: (a, v) => ({
    ...a,
    applicant: { ...a.applicant, roleDetails: { ...a.applicant?.roleDetails, ...v } },
  }),
  // Document 1 section 4: in edit mode yes goes to the review and no to who-will-pay (which a volunteer
  // was never asked); otherwise on to verify-applicant.
  next: (a, nav, links) => {
    if (!nav.edit) return links.after('organisation-details');
    return isVolunteer(a) ? links.review : 'choose-who-will-pay';
  },
  summary: (a) => [
    {
      labelKey: 'organisationDetails.summary',
      value: yesNoText(a.applicant?.roleDetails?.volunteerForQualifyingOrganisation),
    },
  ],
});

const verifyApplicant = question({
  id: 'verify-applicant',
  group: 'applicant',
  schema: stepSchema('verifyApplicant'),
  fields: [field.tick('verified')],
  summary: { key: 'verifyApplicant.summary', value: (a) => yesNoText(a.verified) },
});

function applicantDetails(id: OrganisationJourneyId): Step {
  const kind = dateOfBirthKindFor(journeyTypeCode(id));
  return step({
    id: 'applicant-details',
    group: 'applicant',
    writes: ['applicant.currentName', 'applicant.dateOfBirth', 'applicant.email'],
    schema: stepSchema('applicantDetails', kind),
    fields: [
      field.text('firstName', { autoComplete: 'off', width: 'one-half' }),
      field.text('middleName', { autoComplete: 'off', width: 'one-half' }),
      field.text('lastName', { autoComplete: 'off', width: 'one-half' }),
      field.date('dateOfBirth'),
      field.email('email', { autoComplete: 'off' }),
    ],
    read: (a) =>
      defined({
        firstName: a.applicant?.currentName?.forename,
        middleName: a.applicant?.currentName?.middleNames,
        lastName: a.applicant?.currentName?.surname,
        dateOfBirth: a.applicant?.dateOfBirth,
        email: a.applicant?.email,
      }),
    write: (a, v) => ({
      ...a,
      applicant: {
        ...a.applicant,
        currentName: {
          forename: v.firstName,
          ...(v.middleName === undefined ? {} : { middleNames: v.middleName }),
          surname: v.lastName,
        },
        dateOfBirth: v.dateOfBirth,
        email: v.email,
      },
    }),
    summary: (a) => [
      { labelKey: 'applicantDetails.name.summary', value: nameText(a.applicant?.currentName) },
      { labelKey: 'applicantDetails.dateOfBirth.summary', value: dateText(a.applicant?.dateOfBirth) },
      { labelKey: 'applicantDetails.email.summary', value: lines(a.applicant?.email) },
    ],
  });
}

const applicantAddress = step({
  ...APPLICANT_ADDRESS_PAGE,
  group: 'applicant',
  writes: ['applicant.address'],
  read: (a) => a.applicant?.address,
  write: (a, v) => ({
    ...a,
    applicant: { ...a.applicant, address: v },
  }),
  summary: (a) => [{ labelKey: 'applicantAddress.summary', value: addressText(a.applicant?.address) }],
});

/** After the applying-on-behalf pair: the review in edit mode or for a volunteer, else who pays. */
function afterApplyingOnBehalf(a: OrganisationDraft, edit: boolean): string {
  return edit || isVolunteer(a) ? REVIEW_STEP_ID : 'choose-who-will-pay';
}

// "No" clears the other organisation, so a stale name and email are never sent.
const chooseApplyingOnBehalf = yesNo({
  id: 'choose-applying-on-behalf',
  group: 'payment',
  at: 'anotherOrganisation',
  flag: 'isCsgForAnotherOrganisation',
  schema: stepSchema('applyingOnBehalf'),
  summaryKey: 'applyingOnBehalf.summary',
  details: 'applying-on-behalf-organisation',
  whenNo: (a, nav) => afterApplyingOnBehalf(a, nav.edit),
});

const applyingOnBehalfOrganisation = step({
  id: 'applying-on-behalf-organisation',
  group: 'payment',
  writes: ['anotherOrganisation.organisationName', 'anotherOrganisation.organisationEmail'],
  schema: stepSchema('applyingOnBehalfOrganisation'),
  fields: [
    field.text('organisationName', { autoComplete: 'organization' }),
    field.email('organisationEmail', { autoComplete: 'off' }),
  ],
  read: (a) =>
    defined({
      organisationName: a.anotherOrganisation?.organisationName,
      organisationEmail: a.anotherOrganisation?.organisationEmail,
    }),
  write: (a, v) => ({
    ...a,
    anotherOrganisation: { ...a.anotherOrganisation, ...v },
  }),
  next: (a, nav) => afterApplyingOnBehalf(a, nav.edit),
  summary: (a) => [
    {
      labelKey: 'applyingOnBehalfOrganisation.summary',
      value: lines(a.anotherOrganisation?.organisationName, a.anotherOrganisation?.organisationEmail),
    },
  ],
});

const chooseWhoWillPay = step({
  id: 'choose-who-will-pay',
  group: 'payment',
  writes: ['payment.whoWillPay'],
  schema: stepSchema('whoWillPay'),
  fields: [field.choice('whoWillPay', WHO_PAYS)],
  read: (a) => defined({ whoWillPay: a.payment?.whoWillPay }),
  // The applicant pays by card on their side, so an organisation's payment method is dropped.
  write: (a, v) => ({
    ...a,
    payment:
      v.whoWillPay === 'Organisation'
        ? { ...a.payment, whoWillPay: v.whoWillPay }
        : { ...(a.payment?.status ? { status: a.payment.status } : {}), whoWillPay: v.whoWillPay },
  }),
  next: (a) => (a.payment?.whoWillPay === 'Organisation' ? 'select-payment-method' : REVIEW_STEP_ID),
  summary: (a) => [{ labelKey: 'whoWillPay.summary', value: lines(a.payment?.whoWillPay) }],
});

const PAYMENT_METHOD_TEXT: Record<string, string> = { CARD_CSG: 'Card', INVOICE: 'Invoice' };

const selectPaymentMethod = step({
  id: 'select-payment-method',
  group: 'payment',
  writes: ['payment.type', 'payment.subAccountCode'],
  schema: stepSchema('paymentMethod'),
  fields: [
    field.choice('type', ORGANISATION_PAYMENT_CHOICES),
    field.costCentre('subAccountCode', { showWhen: SUB_ACCOUNT_CODE_REVEAL }),
  ],
  read: (a) => defined({ type: a.payment?.type, subAccountCode: a.payment?.subAccountCode }),
  write: (a, v) => {
    const { subAccountCode: _dropped, ...payment } = a.payment ?? {};
    return { ...a, payment: { ...payment, ...v } };
  },
  next: () => REVIEW_STEP_ID,
  summary: (a) => [
    {
      labelKey: 'paymentMethod.summary',
      value: lines(PAYMENT_METHOD_TEXT[a.payment?.type ?? ''], a.payment?.subAccountCode),
    },
  ],
});

const review: Step = { id: REVIEW_STEP_ID };

function organisationSteps(id: OrganisationJourneyId): Step[] {
  // Level 2 (LB, and LC with the barred list check) asks the role's eligibility first.
  const type = journeyTypeCode(id);
  return [
    ...(type === 'LB' || type === 'LC' ? [confirmRole] : []),
    ...(type === 'LC' ? [barredListCheck] : []),
    roleDetails(isPvg(id)),
    ...(isPvg(id) ? [organisationDetails] : []),
    verifyApplicant,
    applicantDetails(id),
    applicantAddress,
    chooseApplyingOnBehalf,
    applyingOnBehalfOrganisation,
    chooseWhoWillPay,
    selectPaymentMethod,
    review,
  ];
}

export function buildOrganisationJourney(id: OrganisationJourneyId): OrganisationJourney {
  return defineJourney<OrganisationDraft, OrganisationJourneyId, 'organisation'>({
    side: 'organisation',
    id,
    basePath: `/csg-apply/${id}`,
    exitPath: '/dashboard',
    groups: GROUPS,
    steps: organisationSteps(id),
    afterReviewPaths: ['declaration', 'payment', 'payment/redirect', 'payment/error'],
  });
}

/** Each journey is built the first time it is asked for, then kept (as the applicant journeys are). */
const organisation = lazyJourneys(ORGANISATION_JOURNEY_IDS, buildOrganisationJourney);

/** Every organisation journey by id, each built on first read. */
export const organisationJourneys: Readonly<Record<OrganisationJourneyId, OrganisationJourney>> =
  organisation.all;

export function getOrganisationJourney(id: string): OrganisationJourney | undefined {
  return organisation.get(id);
}
