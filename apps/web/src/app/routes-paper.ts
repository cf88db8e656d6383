import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { DECISION_ROLES, RESULT_ROLES } from './route-roles';
import type { AppRoute } from './route-types';

/** The paper pages (APPLICANT only). */
export const PAPER_ROUTES: readonly AppRoute[] = [
  // Paper pages are APPLICANT only.
  {
    path: '/share-paper-result',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/paper-pages'), 'SharePaperResultPage'),
    action: lazyAction(() => import('../features/sharing/actions'), 'sharePaperAction'),
  },
  {
    path: '/share-paper-success',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/paper-pages'), 'SharePaperSuccessPage'),
  },
  {
    path: '/already-shared-paper',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/sharing/paper-pages'), 'AlreadySharedPaperPage'),
  },
  {
    path: '/results/:resultId/basic',
    roles: RESULT_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/basic-result-page'), 'BasicResultPage'),
  },
  {
    path: '/results/:resultId/release',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ReleasePage'),
    action: lazyAction(() => import('../features/results/actions'), 'releaseAction'),
  },
  {
    path: '/results/:resultId/release-success',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ReleaseSuccessPage'),
  },
  {
    path: '/results/:resultId/confirm-appealing',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ConfirmAppealingPage'),
    action: lazyAction(() => import('../features/results/actions'), 'confirmAppealingAction'),
  },
  {
    path: '/appeal-guidance',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'AppealGuidancePage'),
  },
  {
    path: '/results/:resultId/share-or-review',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'ShareOrReviewPage'),
    action: lazyAction(() => import('../features/results/actions'), 'shareOrReviewAction'),
  },
  {
    path: '/results/:resultId/how-to-apply-for-review',
    roles: DECISION_ROLES,
    identityVerified: true,
    Component: lazyPage(() => import('../features/results/action-pages'), 'HowToApplyForReviewPage'),
  },
];
