import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { OWN_DECISION, OWN_RESULT } from './route-roles';
import { actionPages, paperPages, resultActions, sharingActions } from './page-modules';
import type { AppRoute } from './route-types';

/** The paper pages (APPLICANT only). */
export const PAPER_ROUTES: readonly AppRoute[] = [
  // Paper pages are APPLICANT only.
  {
    path: '/share-paper-result',
    ...OWN_DECISION,
    Component: lazyPage(paperPages, 'SharePaperResultPage'),
    action: lazyAction(sharingActions, 'sharePaperAction'),
  },
  {
    path: '/share-paper-success',
    ...OWN_DECISION,
    Component: lazyPage(paperPages, 'SharePaperSuccessPage'),
  },
  {
    path: '/already-shared-paper',
    ...OWN_DECISION,
    Component: lazyPage(paperPages, 'AlreadySharedPaperPage'),
  },
  {
    path: '/results/:resultId/basic',
    ...OWN_RESULT,
    Component: lazyPage(() => import('../features/results/basic-result-page'), 'BasicResultPage'),
  },
  {
    path: '/results/:resultId/release',
    ...OWN_DECISION,
    Component: lazyPage(actionPages, 'ReleasePage'),
    action: lazyAction(resultActions, 'releaseAction'),
  },
  {
    path: '/results/:resultId/release-success',
    ...OWN_DECISION,
    Component: lazyPage(actionPages, 'ReleaseSuccessPage'),
  },
  {
    path: '/results/:resultId/confirm-appealing',
    ...OWN_DECISION,
    Component: lazyPage(actionPages, 'ConfirmAppealingPage'),
    action: lazyAction(resultActions, 'confirmAppealingAction'),
  },
  {
    path: '/appeal-guidance',
    ...OWN_DECISION,
    Component: lazyPage(actionPages, 'AppealGuidancePage'),
  },
  {
    path: '/results/:resultId/share-or-review',
    ...OWN_DECISION,
    Component: lazyPage(actionPages, 'ShareOrReviewPage'),
    action: lazyAction(resultActions, 'shareOrReviewAction'),
  },
  {
    path: '/results/:resultId/how-to-apply-for-review',
    ...OWN_DECISION,
    Component: lazyPage(actionPages, 'HowToApplyForReviewPage'),
  },
];
