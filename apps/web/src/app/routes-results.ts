import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { DECISION_ROLES, PUBLIC, RESULT_ROLES } from './route-roles';
import type { AppRoute } from './route-types';

/** Results (document 2 sections 2 and 4), sharing, the recipient's pages, who can see a result, and signed results and check codes. */
export const RESULT_ROUTES: readonly AppRoute[] = [
  // Results (document 2 sections 2 and 4)
  {
    path: '/results/:resultId',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/result-page'), 'ResultPage'),
    action: lazyAction(() => import('../features/results/actions'), 'appealQuestionAction'),
  },
  // The one-time code before sharing, and the share pages (the result id in the query).
  {
    path: '/one-time-code',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/one-time-code-pages'), 'OneTimeCodeLandingPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'sendCodeAction'),
  },
  {
    path: '/one-time-code/verify',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/one-time-code-pages'), 'OneTimeCodeVerifyPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'verifyCodeAction'),
  },
  {
    path: '/share-result',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareResultPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'shareResultAction'),
  },
  {
    // The share-or-review choice's "share": the purpose confirmed (decision 0054). Scheme records: APPLICANT only.
    path: '/share-confirmation',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareConfirmationPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'shareConfirmationAction'),
  },
  {
    path: '/share/consent',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareConsentPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'shareConsentAction'),
  },
  {
    path: '/share-success',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/share-pages'), 'ShareSuccessPage'),
  },
  {
    path: '/share/recipient-details',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/recipient-details-page'), 'RecipientDetailsPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'recipientDetailsAction'),
  },
  // The recipient of a shared result: no account, only the link (its token becomes a cookie on the server).
  {
    path: '/before-you-continue',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'BeforeYouContinuePage'),
    script: false,
  },
  {
    path: '/additional-information',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'AdditionalInformationPage'),
    action: lazyAction(() => import('../features/shared-result/actions'), 'additionalInformationAction'),
    script: false,
  },
  {
    path: '/shared-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'SharedResultPage'),
  },
  {
    path: '/incorrect-details',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'IncorrectDetailsPage'),
    script: false,
  },
  {
    path: '/complete',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/pages'), 'SharedResultCompletePage'),
    script: false,
  },
  {
    path: '/shared-basic',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/basic-pages'), 'SharedBasicPage'),
    action: lazyAction(() => import('../features/shared-result/actions'), 'sendBasicCodeAction'),
    script: false,
  },
  {
    path: '/shared-basic-otc',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/basic-pages'), 'SharedBasicCodePage'),
    action: lazyAction(() => import('../features/shared-result/actions'), 'verifyBasicCodeAction'),
    script: false,
  },
  {
    path: '/shared-basic-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/shared-result/basic-pages'), 'SharedBasicResultPage'),
  },
  // Who can see my result (not in the spec): every share, and stopping a link.
  {
    path: '/who-can-see-my-result',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/who-can-see-pages'), 'WhoCanSeeMyResultPage'),
  },
  {
    path: '/who-can-see-my-result/stop',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/who-can-see-pages'), 'StopSharingPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'stopSharingAction'),
  },
  {
    path: '/who-can-see-my-result/withdraw-check-code',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/check-a-result/withdraw-page'), 'WithdrawCheckCodePage'),
    action: lazyAction(() => import('../features/check-a-result/actions'), 'withdrawCheckCodeAction'),
  },
  // Signed results and check codes (decision 0051): the print layouts and the public check.
  {
    path: '/results/:resultId/print',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'ResultPrintPage'),
  },
  {
    path: '/shared-result/print',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'SharedResultPrintPage'),
  },
  {
    path: '/results/:resultId/basic/print',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'BasicResultPrintPage'),
  },
  {
    path: '/shared-basic-result/print',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/print-pages'), 'SharedBasicResultPrintPage'),
  },
  {
    path: '/check-a-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/check-page'), 'CheckAResultPage'),
    action: lazyAction(() => import('../features/check-a-result/actions'), 'checkAResultAction'),
    script: false,
  },
];
