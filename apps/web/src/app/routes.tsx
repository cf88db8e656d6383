import { APPLICANT_ROLES, ORGANISATION_ROLES, ROLES } from '@dis/domain';
import { CountersignatoryDetailsPage } from '../features/account/countersignatory-details-page';
import { PersonalDetailsPage } from '../features/account/personal-details-page';
import { SignOutPage } from '../features/account/sign-out-page';
import { SignedOutPage, SuccessfullySignedOutPage } from '../features/account/signed-out-page';
import {
  ApplicantDashboardPage,
  OrganisationDashboardPage,
} from '../features/dashboard/applications-dashboard';
import { DashboardRedirect } from '../features/dashboard/dashboard-redirect';
import { DeclarationPage } from '../features/declaration/declaration-page';
import { DateOfBirthMismatchPage } from '../features/errors/date-of-birth-mismatch-page';
import { ErrorCodePage } from '../features/errors/error-code-page';
import { NotFoundPage } from '../components/not-found-page';
import { HelpPage } from '../features/help/help-page';
import {
  ApplicantJourneyPage,
  OrganisationJourneyPage,
  SELECT_TYPE_PATH,
} from '../features/journeys/journey-page';
import { ApplicationRedirectPage } from '../features/journeys/application-redirect-page';
import {
  PersonalInformationRedirect,
  SelectApplicationPage,
} from '../features/journeys/select-application-page';
import {
  ApplicationExpiredPage,
  ApplicationTerminatedPage,
  SubmittedApplicationPage,
} from '../features/dashboard/applicant-pages';
import { SchemeMembershipPage } from '../features/account/scheme-membership-page';
import { SelectApplicationTypePage } from '../features/journeys/select-application-type-page';
import { ApplicantPaymentFailedPage } from '../features/dashboard/applicant-payment-failed-page';
import { ApplicationDetailsPage } from '../features/dashboard/application-details-page';
import { LaunchPage } from '../features/launch/launch-page';
import { AboutPage } from '../features/static/about-page';
import { AccessibilityPage } from '../features/static/accessibility-page';
import { CookiesPage } from '../features/static/cookies-page';
import { PrivacyPage } from '../features/static/privacy-page';
import {
  AppealGuidancePage,
  ConfirmAppealingPage,
  HowToApplyForReviewPage,
  ReleasePage,
  ReleaseSuccessPage,
  ShareOrReviewPage,
} from '../features/results/action-pages';
import { BasicResultPage } from '../features/results/basic-result-page';
import {
  OrganisationResultPage,
  ResultsSummaryPage,
  ViewResultConfirmationPage,
} from '../features/results/organisation-pages';
import { ResultPage } from '../features/results/result-page';
import { CsvGuidancePage } from '../features/batches/csv-guidance-page';
import { CsvUploadPage } from '../features/batches/csv-upload-page';
import { CsvUploadResultsPage } from '../features/batches/csv-upload-results-page';
import { OneTimeCodeLandingPage, OneTimeCodeVerifyPage } from '../features/sharing/one-time-code-pages';
import {
  AlreadySharedPaperPage,
  ShareConsentPage,
  SharePaperResultPage,
  SharePaperSuccessPage,
  ShareResultPage,
  ShareSuccessPage,
} from '../features/sharing/share-pages';
import { StopSharingPage, WhoCanSeeMyResultPage } from '../features/sharing/who-can-see-pages';
import { RecipientDetailsPage } from '../features/sharing/recipient-details-page';
import {
  AdditionalInformationPage,
  BeforeYouContinuePage,
  IncorrectDetailsPage,
  SharedBasicCodePage,
  SharedBasicPage,
  SharedBasicResultPage,
  SharedResultCompletePage,
  SharedResultPage,
} from '../features/shared-result/pages';
import type { AppRoute } from './route-types';

const PUBLIC = [] as const;
/** Document 2 section 6: journeys, selection, redirect and submitted details are APPLICANT and APPLICATION_ONLY. */
const JOURNEY_ROLES = ['APPLICANT', 'APPLICATION_ONLY'] as const;
/** Document 2 section 2: result pages are APPLICANT and APPLICANT_BASIC with a verified identity. */
const RESULT_ROLES = ['APPLICANT', 'APPLICANT_BASIC'] as const;
/** Release, appeal and review pages are APPLICANT only. */
const DECISION_ROLES = ['APPLICANT'] as const;

/**
 * Every page of the app with who may see it. Add a journey page here with its roles (and
 * identityVerified / declaration / feature where the spec asks); the guard does the rest.
 */
export const ROUTES: readonly AppRoute[] = [
  // General
  { path: '/', roles: PUBLIC, Component: LaunchPage },
  { path: '/dashboard', roles: ROLES, declaration: true, Component: DashboardRedirect },
  { path: '/sign-out', roles: PUBLIC, Component: SignOutPage },
  { path: '/signed-out', roles: PUBLIC, Component: SignedOutPage },
  { path: '/successfully-signed-out', roles: PUBLIC, Component: SuccessfullySignedOutPage },
  { path: '/error', roles: PUBLIC, Component: ErrorCodePage },
  { path: '/not-found', roles: PUBLIC, Component: NotFoundPage },
  { path: '/help', roles: PUBLIC, Component: HelpPage },
  { path: '/static/about', roles: PUBLIC, Component: AboutPage },
  { path: '/static/accessibility', roles: PUBLIC, Component: AccessibilityPage },
  { path: '/static/cookies', roles: PUBLIC, Component: CookiesPage },
  { path: '/static/privacy', roles: PUBLIC, Component: PrivacyPage },
  { path: '/personal-details', roles: ROLES, Component: PersonalDetailsPage },

  // Applicants (document 2)
  {
    path: '/applicant/dashboard',
    roles: APPLICANT_ROLES,
    feature: 'enhancedDashboardApplicant',
    Component: ApplicantDashboardPage,
  },
  { path: '/date-of-birth-mismatch', roles: APPLICANT_ROLES, Component: DateOfBirthMismatchPage },
  { path: '/application-redirect', roles: JOURNEY_ROLES, Component: ApplicationRedirectPage },
  { path: '/select-application', roles: JOURNEY_ROLES, Component: SelectApplicationPage },
  { path: '/personal-information', roles: JOURNEY_ROLES, Component: PersonalInformationRedirect },
  // The nine applicant journeys: the page checks the journey's feature flag.
  { path: '/applicant-apply/:journeyId/*', roles: JOURNEY_ROLES, Component: ApplicantJourneyPage },
  { path: '/submitted/:applicationToken', roles: JOURNEY_ROLES, Component: SubmittedApplicationPage },
  { path: '/application-expired', roles: APPLICANT_ROLES, Component: ApplicationExpiredPage },
  { path: '/application-terminated', roles: APPLICANT_ROLES, Component: ApplicationTerminatedPage },
  { path: '/scheme-membership-details', roles: ['APPLICANT'], Component: SchemeMembershipPage },
  // Results (document 2 sections 2 and 4)
  { path: '/results/:resultId', roles: RESULT_ROLES, identityVerified: true, Component: ResultPage },
  // The one-time code before sharing, and the share pages (the result id in the query).
  { path: '/one-time-code', roles: RESULT_ROLES, identityVerified: true, Component: OneTimeCodeLandingPage },
  {
    path: '/one-time-code/verify',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: OneTimeCodeVerifyPage,
  },
  { path: '/share-result', roles: RESULT_ROLES, identityVerified: true, Component: ShareResultPage },
  { path: '/share/consent', roles: RESULT_ROLES, identityVerified: true, Component: ShareConsentPage },
  {
    path: '/share/recipient-details',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: RecipientDetailsPage,
  },
  // The recipient of a shared result: no account, only the link (its token becomes a cookie on the server).
  { path: '/before-you-continue', roles: PUBLIC, Component: BeforeYouContinuePage },
  { path: '/additional-information', roles: PUBLIC, Component: AdditionalInformationPage },
  { path: '/shared-result', roles: PUBLIC, Component: SharedResultPage },
  { path: '/incorrect-details', roles: PUBLIC, Component: IncorrectDetailsPage },
  { path: '/complete', roles: PUBLIC, Component: SharedResultCompletePage },
  { path: '/shared-basic', roles: PUBLIC, Component: SharedBasicPage },
  { path: '/shared-basic-otc', roles: PUBLIC, Component: SharedBasicCodePage },
  { path: '/shared-basic-result', roles: PUBLIC, Component: SharedBasicResultPage },
  { path: '/share-success', roles: RESULT_ROLES, identityVerified: true, Component: ShareSuccessPage },
  // Who can see my result (not in the spec): every share, and stopping a link.
  {
    path: '/who-can-see-my-result',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: WhoCanSeeMyResultPage,
  },
  {
    path: '/who-can-see-my-result/stop',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: StopSharingPage,
  },
  // Paper pages are APPLICANT only.
  {
    path: '/share-paper-result',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: SharePaperResultPage,
  },
  {
    path: '/share-paper-success',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: SharePaperSuccessPage,
  },
  {
    path: '/already-shared-paper',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: AlreadySharedPaperPage,
  },
  {
    path: '/results/:resultId/basic',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: BasicResultPage,
  },
  {
    path: '/results/:resultId/release',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: ReleasePage,
  },
  {
    path: '/results/:resultId/release-success',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: ReleaseSuccessPage,
  },
  {
    path: '/results/:resultId/confirm-appealing',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: ConfirmAppealingPage,
  },
  { path: '/appeal-guidance', roles: DECISION_ROLES, identityVerified: true, Component: AppealGuidancePage },
  {
    path: '/results/:resultId/share-or-review',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: ShareOrReviewPage,
  },
  {
    path: '/results/:resultId/how-to-apply-for-review',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: HowToApplyForReviewPage,
  },

  // Organisation users (document 1)
  { path: '/declaration', roles: ORGANISATION_ROLES, Component: DeclarationPage },
  {
    path: '/csg/dashboard',
    roles: ORGANISATION_ROLES,
    declaration: true,
    feature: 'enhancedDashboardOrganisation',
    Component: OrganisationDashboardPage,
  },
  { path: '/countersignatory-details', roles: ORGANISATION_ROLES, Component: CountersignatoryDetailsPage },
  // Organisation journeys: the page checks the type against the user's roles and the level-1 flag.
  {
    path: SELECT_TYPE_PATH,
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: SelectApplicationTypePage,
  },
  {
    path: '/csg-apply/:journeyId/*',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: OrganisationJourneyPage,
  },
  {
    path: '/application/:applicationToken/:status',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: ApplicationDetailsPage,
  },
  // Results of the organisation (document 1 sections 2 and 6)
  {
    path: '/results-summary',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: ResultsSummaryPage,
  },
  {
    path: '/view-result-confirmation',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: ViewResultConfirmationPage,
  },
  {
    path: '/organisation/:orgCode/results/:resultId',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: OrganisationResultPage,
  },
  {
    path: '/applicant-payment-failed',
    roles: ORGANISATION_ROLES,
    declaration: true,
    Component: ApplicantPaymentFailedPage,
  },
  // CSV batches: only with the batch feature on.
  {
    path: '/b2b/csv-upload',
    roles: ORGANISATION_ROLES,
    declaration: true,
    feature: 'b2bBatchUpload',
    Component: CsvUploadPage,
  },
  {
    path: '/b2b/csv-upload-results',
    roles: ORGANISATION_ROLES,
    declaration: true,
    feature: 'b2bBatchUpload',
    Component: CsvUploadResultsPage,
  },
  {
    path: '/b2b/csv-guidance',
    roles: ORGANISATION_ROLES,
    feature: 'b2bBatchUpload',
    Component: CsvGuidancePage,
  },

  { path: '*', roles: PUBLIC, Component: NotFoundPage },
];
