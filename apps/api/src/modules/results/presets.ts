import { randomInt } from 'node:crypto';
import type { ApplicationTypeCode } from '@dis/domain';
import { type ResultPreset } from '@dis/domain/contracts';
import type { ResultContent } from './content';

/**
 * What each casework preset issues (decision 0011): made-up but complete results, so every section of the
 * result page and every rule (appeal, review, under consideration, barred, basic) can be reached locally.
 */

export interface PresetFacts {
  applicationType: ApplicationTypeCode;
  name: string;
  dateOfBirth: string | null;
  address: ResultContent['address'];
  positionAppliedFor: string | null;
  organisationName: string | null;
  anotherOrganisationName: string | null;
  dateOfIssue: string;
}

export interface IssuedPreset {
  disclosureTypeShortCode: ApplicationTypeCode;
  shareable: boolean;
  isReviewEligible: boolean;
  underConsideration: boolean;
  isCountersigned: boolean;
  schemeMembershipNumber: string | null;
  content: ResultContent;
}

/** Presets that can carry a scheduled pending release date: those with a conviction a sheriff can remove. */
export const APPEALABLE_PRESETS: readonly ResultPreset[] = ['level-2-convictions'];

type Vetting = ResultContent['vettingInformation'];
type HigherLevelResult = NonNullable<ResultContent['higherLevelResultInformation']>;

/** A scheme record's (PVG) statuses and what they allow. */
interface SchemeStatus {
  shareable: boolean;
  isReviewEligible: boolean;
  underConsideration: boolean;
  membershipStatus: string;
  barredStatus: string;
  considerationStatus: string;
  underConsiderationText: string | null;
}

/** One preset: its disclosure type (a Level 2 preset takes the application's), its records, its scheme status. */
interface PresetShape {
  type: 'BD' | 'SR' | 'LEVEL_2';
  vetting: Vetting;
  scheme?: SchemeStatus;
}

const ABOUT =
  'This result shows the information held about you on the date of issue. Read it carefully before you share it.';
const REPORT_INACCURATE =
  'If you think any information on this result is wrong, contact us within 3 months of the date of issue. Tell us your disclosure number and what you think is wrong.';
const NOTHING_TO_DISCLOSE = 'There is no information to disclose.';

const emptyHigherLevelVetting: NonNullable<Vetting['higherLevelVettingInformation']> = {
  prescribedCourtOrders: [],
  sexualOffenceNotificationRequirements: [],
  oriList: [],
  otherRelevantInformation: null,
  hasUkOri: false,
};

/** The vetting information of these records: with none, "nothing to disclose". */
function vetting(
  records: Partial<Pick<Vetting, 'convictions' | 'cautions'>>,
  higherLevel: Vetting['higherLevelVettingInformation'] = emptyHigherLevelVetting,
): Vetting {
  const convictions = records.convictions ?? [];
  const cautions = records.cautions ?? [];
  const none = convictions.length === 0 && cautions.length === 0;
  return {
    convictions,
    cautions,
    noConvictionsCautions: none,
    noVettingInformationExplanation: none ? NOTHING_TO_DISCLOSE : null,
    higherLevelVettingInformation: higherLevel,
  };
}

const PVG_MEMBER = {
  membershipStatus: 'Member of the PVG scheme',
  barredStatus: 'Not barred',
  shareable: true,
} as const;

const PRESETS: Record<ResultPreset, PresetShape> = {
  'clear-basic': { type: 'BD', vetting: vetting({}, null) },
  'level-2-convictions': {
    type: 'LEVEL_2',
    vetting: vetting({
      convictions: [
        {
          date: '2024-06-12',
          court: 'Edinburgh Sheriff Court',
          offences: ['Threatening or abusive behaviour'],
          disposals: ['Fine £300'],
          appealable: true,
        },
        {
          date: '2015-02-03',
          court: 'Glasgow Sheriff Court',
          offences: ['Theft by shoplifting'],
          disposals: ['Community payback order, 80 hours unpaid work'],
          appealable: false,
        },
      ],
    }),
  },
  'level-2-cautions': {
    type: 'LEVEL_2',
    vetting: vetting(
      {
        cautions: [
          {
            date: '2022-09-30',
            policeForce: 'Police Scotland',
            offences: ['Vandalism'],
            disposals: ['Recorded police warning'],
          },
          {
            date: '2020-03-14',
            policeForce: 'British Transport Police',
            offences: ['Fare evasion'],
            disposals: ['Formal adult warning'],
          },
        ],
      },
      {
        prescribedCourtOrders: ['Non-harassment order, Dundee Sheriff Court, 2021, for 2 years'],
        sexualOffenceNotificationRequirements: [],
        oriList: [
          {
            description:
              'Police Scotland holds information that the applicant was reported in 2023 for an alleged assault; no proceedings were taken.',
            isUkOri: true,
          },
        ],
        otherRelevantInformation:
          'The chief constable considers this information relevant to the position applied for.',
        hasUkOri: true,
      },
    ),
  },
  'pvg-review-eligible': {
    type: 'SR',
    scheme: {
      ...PVG_MEMBER,
      isReviewEligible: true,
      underConsideration: false,
      considerationStatus: 'Not under consideration for listing',
      underConsiderationText: null,
    },
    vetting: vetting({
      convictions: [
        {
          date: '2009-05-20',
          court: 'Aberdeen Sheriff Court',
          offences: ['Breach of the peace'],
          disposals: ['Admonished'],
          appealable: false,
        },
      ],
    }),
  },
  'pvg-under-consideration': {
    type: 'SR',
    scheme: {
      ...PVG_MEMBER,
      isReviewEligible: false,
      underConsideration: true,
      considerationStatus: 'Under consideration for listing',
      underConsiderationText:
        'You are under consideration for listing. An organisation may still decide to employ you while this is considered.',
    },
    vetting: vetting({}),
  },
  barred: {
    type: 'SR',
    scheme: {
      shareable: false,
      isReviewEligible: false,
      underConsideration: false,
      membershipStatus: 'Not a member of the PVG scheme',
      barredStatus: 'Barred from regulated work with children and with protected adults',
      considerationStatus: 'Listed',
      underConsiderationText: null,
    },
    vetting: vetting({}),
  },
};

/** A scheme membership number of the spec's shape: 16 digits, YYMMDD first, the 14th character 3, 4 or 5. */
function membershipNumber(dateOfIssue: string): string {
  const yymmdd = dateOfIssue.slice(2).replaceAll('-', '');
  const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');
  return `${yymmdd}${digits(7)}4${digits(2)}`;
}

/** The higher-level section: the position and organisations applied for, and a scheme record's statuses. */
function higherLevelResult(
  facts: PresetFacts,
  scheme: SchemeStatus | undefined,
  number: string | null,
): HigherLevelResult {
  return {
    barredStatus: scheme?.barredStatus ?? null,
    considerationStatus: scheme?.considerationStatus ?? null,
    positionAppliedFor: facts.positionAppliedFor,
    membershipStatus: scheme?.membershipStatus ?? null,
    membershipNumber: number,
    organisationAppliedFor: facts.anotherOrganisationName ?? facts.organisationName,
    underConsideration: scheme?.underConsideration ?? false,
    underConsiderationText: scheme?.underConsiderationText ?? null,
    csgOrganisationName: facts.organisationName,
    anotherOrganisationName: facts.anotherOrganisationName,
  };
}

export function buildPreset(preset: ResultPreset, facts: PresetFacts): IssuedPreset {
  const { type: presetType, vetting: vettingInformation, scheme } = PRESETS[preset];
  const levelTwoType: ApplicationTypeCode = facts.applicationType === 'LC' ? 'LC' : 'LB';
  const type = presetType === 'LEVEL_2' ? levelTwoType : presetType;
  const number = scheme ? membershipNumber(facts.dateOfIssue) : null;
  return {
    disclosureTypeShortCode: type,
    shareable: scheme?.shareable ?? true,
    isReviewEligible: scheme?.isReviewEligible ?? false,
    underConsideration: scheme?.underConsideration ?? false,
    // A basic disclosure is never countersigned; any other is when the application came through an organisation.
    isCountersigned: type !== 'BD' && facts.organisationName !== null,
    schemeMembershipNumber: number,
    content: {
      name: facts.name,
      address: facts.address,
      dateOfBirth: facts.dateOfBirth,
      aboutResultText: ABOUT,
      reportInaccurateInfo: REPORT_INACCURATE,
      higherLevelResultInformation: type === 'BD' ? null : higherLevelResult(facts, scheme, number),
      vettingInformation,
    },
  };
}
