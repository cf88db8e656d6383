import { ROLES } from '@dis/domain';
import { NotFoundPage } from '../components/not-found-page';
import { LaunchPage } from '../features/launch/launch-page';
import { lazyAction } from '../lib/page-action';
import { lazyPage } from './lazy-page';
import { PUBLIC } from './route-roles';
import { cookiesPage, signedOutPages } from './page-modules';
import type { AppRoute } from './route-types';

/** A public page that works entirely without script (the server sends none with it). */
const scriptFree = (
  path: string,
  Component: AppRoute['Component'],
  more: Partial<AppRoute> = {},
): AppRoute => ({
  path,
  roles: PUBLIC,
  Component,
  script: 'none',
  ...more,
});

/** The general pages (launch, sign-out, errors, help, the static pages) and the header's Account item. */
export const GENERAL_ROUTES: readonly AppRoute[] = [
  // General
  scriptFree('/', LaunchPage),
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
  scriptFree('/signed-out', lazyPage(signedOutPages, 'SignedOutPage')),
  scriptFree('/successfully-signed-out', lazyPage(signedOutPages, 'SuccessfullySignedOutPage')),
  scriptFree(
    '/error',
    lazyPage(() => import('../features/errors/error-code-page'), 'ErrorCodePage'),
  ),
  scriptFree('/not-found', NotFoundPage),
  scriptFree(
    '/help',
    lazyPage(() => import('../features/help/help-page'), 'HelpPage'),
  ),
  scriptFree(
    '/static/about',
    lazyPage(() => import('../features/static/about-page'), 'AboutPage'),
  ),
  scriptFree(
    '/static/accessibility',
    lazyPage(() => import('../features/static/accessibility-page'), 'AccessibilityPage'),
  ),
  scriptFree('/static/cookies', lazyPage(cookiesPage, 'CookiesPage'), {
    action: lazyAction(cookiesPage, 'cookiesAction'),
  }),
  scriptFree(
    '/static/privacy',
    lazyPage(() => import('../features/static/privacy-page'), 'PrivacyPage'),
  ),
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
