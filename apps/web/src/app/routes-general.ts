import { ROLES } from '@dis/domain';
import { NotFoundPage } from '../components/not-found-page';
import { LaunchPage } from '../features/launch/launch-page';
import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { PUBLIC } from './route-roles';
import type { AppRoute } from './route-types';

const signedOutPages = () => import('../features/account/signed-out-page');
const cookiesPage = () => import('../features/static/cookies-page');

/** The general pages (launch, sign-out, errors, help, the static pages) and the header's Account item. */
export const GENERAL_ROUTES: readonly AppRoute[] = [
  // General
  { path: '/', roles: PUBLIC, Component: LaunchPage, script: false },
  {
    path: '/dashboard',
    roles: ROLES,
    declaration: true,
    Component: lazyPage(() => import('../features/dashboard/dashboard-redirect'), 'DashboardRedirect'),
  },
  {
    path: '/sign-out',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/account/sign-out-page'), 'SignOutPage'),
  },
  { path: '/signed-out', roles: PUBLIC, Component: lazyPage(signedOutPages, 'SignedOutPage'), script: false },
  {
    path: '/successfully-signed-out',
    roles: PUBLIC,
    Component: lazyPage(signedOutPages, 'SuccessfullySignedOutPage'),
    script: false,
  },
  {
    path: '/error',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/errors/error-code-page'), 'ErrorCodePage'),
    script: false,
  },
  { path: '/not-found', roles: PUBLIC, Component: NotFoundPage, script: false },
  {
    path: '/help',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/help/help-page'), 'HelpPage'),
    script: false,
  },
  {
    path: '/static/about',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/about-page'), 'AboutPage'),
    script: false,
  },
  {
    path: '/static/accessibility',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/accessibility-page'), 'AccessibilityPage'),
    script: false,
  },
  {
    path: '/static/cookies',
    roles: PUBLIC,
    Component: lazyPage(cookiesPage, 'CookiesPage'),
    action: lazyAction(cookiesPage, 'cookiesAction'),
    script: false,
  },
  {
    path: '/static/privacy',
    roles: PUBLIC,
    Component: lazyPage(() => import('../features/static/privacy-page'), 'PrivacyPage'),
    script: false,
  },
  // The header's Account item (decision 0055).
  {
    path: '/account',
    roles: ROLES,
    Component: lazyPage(() => import('../features/account/account-page'), 'AccountPage'),
  },
  {
    path: '/personal-details',
    roles: ROLES,
    Component: lazyPage(() => import('../features/account/personal-details-page'), 'PersonalDetailsPage'),
    action: lazyAction(() => import('../features/account/reminder-setting'), 'reminderSettingAction'),
  },
];
