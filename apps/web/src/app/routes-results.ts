import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { OWN_DECISION, OWN_RESULT, PUBLIC } from './route-roles';
import {
  checkActions,
  oneTimeCodePages,
  printPages,
  recipientActions,
  recipientBasicPages,
  recipientPages,
  resultActions,
  sharePages,
  sharingActions,
  whoCanSeePages,
} from './page-modules';
import type { AppRoute } from './route-types';

/** Results (document 2 sections 2 and 4), sharing, the recipient's pages, who can see a result, and signed results and check codes. */
export const RESULT_ROUTES: readonly AppRoute[] = [
  // Results (document 2 sections 2 and 4)
  {
    path: '/results/:resultId',
    ...OWN_RESULT,
    Component: lazyPage(() => import('../features/results/result-page'), 'ResultPage'),
    action: lazyAction(resultActions, 'appealQuestionAction'),
  },
  // The one-time code before sharing, and the share pages (the result id in the query).
  {
    path: '/one-time-code',
    ...OWN_RESULT,
    Component: lazyPage(oneTimeCodePages, 'OneTimeCodeLandingPage'),
    action: lazyAction(sharingActions, 'sendCodeAction'),
  },
  {
    path: '/one-time-code/verify',
    ...OWN_RESULT,
    Component: lazyPage(oneTimeCodePages, 'OneTimeCodeVerifyPage'),
    action: lazyAction(sharingActions, 'verifyCodeAction'),
  },
  {
    path: '/share-result',
    ...OWN_RESULT,
    Component: lazyPage(sharePages, 'ShareResultPage'),
    action: lazyAction(sharingActions, 'shareResultAction'),
  },
  {
    // The share-or-review choice's "share": the purpose confirmed (decision 0054). Scheme records: APPLICANT only.
    path: '/share-confirmation',
    ...OWN_DECISION,
    Component: lazyPage(sharePages, 'ShareConfirmationPage'),
    action: lazyAction(sharingActions, 'shareConfirmationAction'),
  },
  {
    path: '/share/consent',
    ...OWN_RESULT,
    Component: lazyPage(sharePages, 'ShareConsentPage'),
    action: lazyAction(sharingActions, 'shareConsentAction'),
  },
  { path: '/share-success', ...OWN_RESULT, Component: lazyPage(sharePages, 'ShareSuccessPage') },
  {
    path: '/share/recipient-details',
    ...OWN_RESULT,
    Component: lazyPage(() => import('../features/sharing/recipient-details-page'), 'RecipientDetailsPage'),
    action: lazyAction(sharingActions, 'recipientDetailsAction'),
  },
  // The recipient of a shared result: no account, only the link (its token becomes a cookie on the server).
  {
    path: '/before-you-continue',
    roles: PUBLIC,
    Component: lazyPage(recipientPages, 'BeforeYouContinuePage'),
    script: 'none',
  },
  {
    path: '/additional-information',
    roles: PUBLIC,
    Component: lazyPage(recipientPages, 'AdditionalInformationPage'),
    action: lazyAction(recipientActions, 'additionalInformationAction'),
    script: 'none',
  },
  // The shared result and its print copy are drawn on the server only; the browser adds the link's end and the
  // print button without the app (decision 0074: a recipient's page within the public pages' 60 KB).
  {
    path: '/shared-result',
    roles: PUBLIC,
    Component: lazyPage(recipientPages, 'SharedResultPage'),
    script: 'light',
  },
  {
    path: '/incorrect-details',
    roles: PUBLIC,
    Component: lazyPage(recipientPages, 'IncorrectDetailsPage'),
    script: 'none',
  },
  {
    path: '/complete',
    roles: PUBLIC,
    Component: lazyPage(recipientPages, 'SharedResultCompletePage'),
    script: 'none',
  },
  {
    path: '/shared-basic',
    roles: PUBLIC,
    Component: lazyPage(recipientBasicPages, 'SharedBasicPage'),
    action: lazyAction(recipientActions, 'sendBasicCodeAction'),
    script: 'none',
  },
  {
    path: '/shared-basic-otc',
    roles: PUBLIC,
    Component: lazyPage(recipientBasicPages, 'SharedBasicCodePage'),
    action: lazyAction(recipientActions, 'verifyBasicCodeAction'),
    script: 'none',
  },
  {
    path: '/shared-basic-result',
    roles: PUBLIC,
    Component: lazyPage(recipientBasicPages, 'SharedBasicResultPage'),
    script: 'light',
  },
  // Who can see my result (not in the spec): every share, and stopping a link.
  {
    path: '/who-can-see-my-result',
    ...OWN_RESULT,
    Component: lazyPage(whoCanSeePages, 'WhoCanSeeMyResultPage'),
  },
  {
    path: '/who-can-see-my-result/stop',
    ...OWN_RESULT,
    Component: lazyPage(whoCanSeePages, 'StopSharingPage'),
    action: lazyAction(sharingActions, 'stopSharingAction'),
  },
  {
    path: '/who-can-see-my-result/withdraw-check-code',
    ...OWN_RESULT,
    Component: lazyPage(() => import('../features/check-a-result/withdraw-page'), 'WithdrawCheckCodePage'),
    action: lazyAction(checkActions, 'withdrawCheckCodeAction'),
  },
  // Signed results and check codes (decision 0051): the print layouts and the public check.
  {
    path: '/results/:resultId/print',
    ...OWN_RESULT,
    Component: lazyPage(printPages, 'ResultPrintPage'),
  },
  {
    path: '/shared-result/print',
    roles: PUBLIC,
    Component: lazyPage(printPages, 'SharedResultPrintPage'),
    script: 'light',
  },
  {
    path: '/results/:resultId/basic/print',
    ...OWN_RESULT,
    Component: lazyPage(printPages, 'BasicResultPrintPage'),
  },
  {
    path: '/shared-basic-result/print',
    roles: PUBLIC,
    Component: lazyPage(printPages, 'SharedBasicResultPrintPage'),
    script: 'light',
  },
  {
    path: '/check-a-result',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/check-a-result/check-page'), 'CheckAResultPage'),
    action: lazyAction(checkActions, 'checkAResultAction'),
    script: 'none',
  },
];
