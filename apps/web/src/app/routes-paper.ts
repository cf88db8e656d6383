import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { OWN_DECISION, OWN_RESULT } from './route-roles';
import { modules } from './page-modules';
import type { AppRoute } from './route-types';

/** The paper pages (APPLICANT only). */
export const PAPER_ROUTES: readonly AppRoute[] = [
  // Paper pages are APPLICANT only.
  {
    path: '/share-paper-result',
    ...OWN_DECISION,
    Component: lazyPage(modules.paperPages, 'SharePaperResultPage'),
    action: lazyAction(modules.sharingActions, 'sharePaperAction'),
  },
  {
    path: '/share-paper-success',
    ...OWN_DECISION,
    Component: lazyPage(modules.paperPages, 'SharePaperSuccessPage'),
  },
  {
    path: '/already-shared-paper',
    ...OWN_DECISION,
    Component: lazyPage(modules.paperPages, 'AlreadySharedPaperPage'),
  },
  {
    path: '/results/:resultId/basic',
    ...OWN_RESULT,
    Component: lazyPage(() => import('../features/results/basic-result-page'), 'BasicResultPage'),
  },
  {
    path: '/results/:resultId/release',
    ...OWN_DECISION,
    Component: lazyPage(modules.actionPages, 'ReleasePage'),
    action: lazyAction(modules.resultActions, 'releaseAction'),
  },
  {
    path: '/results/:resultId/release-success',
    ...OWN_DECISION,
    Component: lazyPage(modules.actionPages, 'ReleaseSuccessPage'),
  },
  {
    path: '/results/:resultId/confirm-appealing',
    ...OWN_DECISION,
    Component: lazyPage(modules.actionPages, 'ConfirmAppealingPage'),
    action: lazyAction(modules.resultActions, 'confirmAppealingAction'),
  },
  {
    path: '/appeal-guidance',
    ...OWN_DECISION,
    Component: lazyPage(modules.actionPages, 'AppealGuidancePage'),
  },
  {
    path: '/results/:resultId/share-or-review',
    ...OWN_DECISION,
    Component: lazyPage(modules.actionPages, 'ShareOrReviewPage'),
    action: lazyAction(modules.resultActions, 'shareOrReviewAction'),
  },
  {
    path: '/results/:resultId/how-to-apply-for-review',
    ...OWN_DECISION,
    Component: lazyPage(modules.actionPages, 'HowToApplyForReviewPage'),
  },
];
