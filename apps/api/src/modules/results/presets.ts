import { randomInt } from 'node:crypto';
import { APPLICATION_TYPES, type ApplicationTypeCode } from '@dis/domain';
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

const ABOUT =
  'This result shows the information held about you on the date of issue. Read it carefully before you share it.';
const REPORT_INACCURATE =
  'If you think any information on this result is wrong, contact us within 3 months of the date of issue. Tell us your disclosure number and what you think is wrong.';
const NOTHING_TO_DISCLOSE = 'There is no information to disclose.';

/** A scheme membership number of the spec's shape: 16 digits, YYMMDD first, the 14th character 3, 4 or 5. */
function membershipNumber(dateOfIssue: string): string {
  const yymmdd = dateOfIssue.slice(2).replaceAll('-', '');
  const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');
  return `${yymmdd}${digits(7)}4${digits(2)}`;
}

const noVetting = {
  convictions: [],
  cautions: [],
  noConvictionsCautions: true,
  noVettingInformationExplanation: NOTHING_TO_DISCLOSE,
  higherLevelVettingInformation: null,
};

const emptyHigherLevelVetting = {
  prescribedCourtOrders: [],
  sexualOffenceNotificationRequirements: [],
  oriList: [],
  otherRelevantInformation: null,
  hasUkOri: false,
};

export function buildPreset(preset: ResultPreset, facts: PresetFacts): IssuedPreset {
  const person = {
    name: facts.name,
    address: facts.address,
    dateOfBirth: facts.dateOfBirth,
    aboutResultText: ABOUT,
    reportInaccurateInfo: REPORT_INACCURATE,
  };
  const countersigned = facts.organisationName !== null;
  const higher = {
    barredStatus: null,
    considerationStatus: null,
    positionAppliedFor: facts.positionAppliedFor,
    membershipStatus: null,
    membershipNumber: null,
    organisationAppliedFor: facts.anotherOrganisationName ?? facts.organisationName,
    underConsideration: false,
    underConsiderationText: null,
    csgOrganisationName: facts.organisationName,
    anotherOrganisationName: facts.anotherOrganisationName,
  };
  const levelTwoType: ApplicationTypeCode = facts.applicationType === 'LC' ? 'LC' : 'LB';
  switch (preset) {
    case 'clear-basic':
      return {
        disclosureTypeShortCode: 'BD',
        shareable: true,
        isReviewEligible: false,
        underConsideration: false,
        isCountersigned: false,
        schemeMembershipNumber: null,
        content: { ...person, higherLevelResultInformation: null, vettingInformation: noVetting },
      };
    case 'level-2-convictions':
      return {
        disclosureTypeShortCode: levelTwoType,
        shareable: true,
        isReviewEligible: false,
        underConsideration: false,
        isCountersigned: countersigned,
        schemeMembershipNumber: null,
        content: {
          ...person,
          higherLevelResultInformation: higher,
          vettingInformation: {
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
            cautions: [],
            noConvictionsCautions: false,
            noVettingInformationExplanation: null,
            higherLevelVettingInformation: emptyHigherLevelVetting,
          },
        },
      };
    case 'level-2-cautions':
      return {
        disclosureTypeShortCode: levelTwoType,
        shareable: true,
        isReviewEligible: false,
        underConsideration: false,
        isCountersigned: countersigned,
        schemeMembershipNumber: null,
        content: {
          ...person,
          higherLevelResultInformation: higher,
          vettingInformation: {
            convictions: [],
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
            noConvictionsCautions: false,
            noVettingInformationExplanation: null,
            higherLevelVettingInformation: {
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
          },
        },
      };
    case 'pvg-review-eligible':
    case 'pvg-under-consideration':
    case 'barred': {
      const number = membershipNumber(facts.dateOfIssue);
      const scheme = {
        'pvg-review-eligible': {
          shareable: true,
          isReviewEligible: true,
          underConsideration: false,
          membershipStatus: 'Member of the PVG scheme',
          barredStatus: 'Not barred',
          considerationStatus: 'Not under consideration for listing',
          underConsiderationText: null,
        },
        'pvg-under-consideration': {
          shareable: true,
          isReviewEligible: false,
          underConsideration: true,
          membershipStatus: 'Member of the PVG scheme',
          barredStatus: 'Not barred',
          considerationStatus: 'Under consideration for listing',
          underConsiderationText:
            'You are under consideration for listing. An organisation may still decide to employ you while this is considered.',
        },
        barred: {
          shareable: false,
          isReviewEligible: false,
          underConsideration: false,
          membershipStatus: 'Not a member of the PVG scheme',
          barredStatus: 'Barred from regulated work with children and with protected adults',
          considerationStatus: 'Listed',
          underConsiderationText: null,
        },
      }[preset];
      return {
        disclosureTypeShortCode: 'SR',
        shareable: scheme.shareable,
        isReviewEligible: scheme.isReviewEligible,
        underConsideration: scheme.underConsideration,
        isCountersigned: countersigned,
        schemeMembershipNumber: number,
        content: {
          ...person,
          higherLevelResultInformation: {
            ...higher,
            barredStatus: scheme.barredStatus,
            considerationStatus: scheme.considerationStatus,
            membershipStatus: scheme.membershipStatus,
            membershipNumber: number,
            underConsideration: scheme.underConsideration,
            underConsiderationText: scheme.underConsiderationText,
          },
          vettingInformation:
            preset === 'pvg-review-eligible'
              ? {
                  convictions: [
                    {
                      date: '2009-05-20',
                      court: 'Aberdeen Sheriff Court',
                      offences: ['Breach of the peace'],
                      disposals: ['Admonished'],
                      appealable: false,
                    },
                  ],
                  cautions: [],
                  noConvictionsCautions: false,
                  noVettingInformationExplanation: null,
                  higherLevelVettingInformation: emptyHigherLevelVetting,
                }
              : { ...noVetting, higherLevelVettingInformation: emptyHigherLevelVetting },
        },
      };
    }
  }
}

export function disclosureTypeName(code: ApplicationTypeCode): string {
  return APPLICATION_TYPES[code];
}
