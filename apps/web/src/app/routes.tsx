import { NotFoundPage } from '../components/not-found-page';
import { PUBLIC } from './route-roles';
import type { AppRoute } from './route-types';
import { APPLICANT_ROUTES } from './routes-applicant';
import { GENERAL_ROUTES } from './routes-general';
import { ORGANISATION_PAGE_ROUTES } from './routes-organisation';
import { PAPER_ROUTES } from './routes-paper';
import { RESULT_ROUTES } from './routes-results';

/**
 * Every page of the app with who may see it, from one table per area. Add a page to its area's table with its
 * roles (and identityVerified / declaration / feature where the spec asks); the guard does the rest.
 */
export const ROUTES: readonly AppRoute[] = [
  ...GENERAL_ROUTES,
  ...APPLICANT_ROUTES,
  ...RESULT_ROUTES,
  ...PAPER_ROUTES,
  ...ORGANISATION_PAGE_ROUTES,
  { path: '*', roles: PUBLIC, Component: NotFoundPage, script: 'none' },
];
