import { ACCOUNT_MENU_ITEM, DEFAULT_SERVICE_NAME, menuFor, taglineFor } from '@dis/domain';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet, useFormsHeldWhileNavigating, useLocation, useMatches } from '../lib/router';
import { CookieBanner } from '../components/cookie-banner';
import { Footer } from '../components/footer';
import { Header, type MenuLink } from '../components/header';
import { LoadingPage } from '../components/loading-page';
import { NotificationBanner } from '../components/notification-banner';
import { SkipLink } from '../components/skip-link';
import { useConfig, useFeatureFlags } from '../lib/config';
import { recordVisit } from '../lib/navigation-history';
import { NotificationProvider, useNotifications } from '../lib/notifications';
import { useUser } from '../lib/session';
import type { RouteHandle } from './route-types';
import { SessionTimeout } from './session-timeout';

function PageNotification() {
  const { current, dismiss } = useNotifications();
  if (!current) return null;
  return (
    <NotificationBanner type={current.type} heading={current.heading} onTimeout={dismiss}>
      {current.body && <p className="govuk-body">{current.body}</p>}
    </NotificationBanner>
  );
}

function useMenu(): {
  menu: MenuLink[];
  tagline: string | undefined;
  signedIn: boolean;
  expiryTime?: string;
} {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  if (!user) return { menu: [], tagline: undefined, signedIn: false };
  const items: MenuLink[] = menuFor(user.roles, flags).map((item) => ({
    key: item.key,
    label: t(`menu.${item.key}`, { defaultValue: item.label }),
    href: item.href,
  }));
  // Account, like Sign out, is for every signed-in person (spec 01 section 2's overall items, decision 0055).
  items.push({ key: ACCOUNT_MENU_ITEM.key, label: t('menu.account'), href: ACCOUNT_MENU_ITEM.href });
  items.push({ key: 'signOut', label: t('menu.signOut'), href: '/sign-out' });
  return {
    menu: items,
    tagline: t(`tagline.${taglineFor(user.roles)}`),
    signedIn: true,
    expiryTime: user.expiryTime ?? undefined,
  };
}

/**
 * Moves focus to the top of the new page after an in-app navigation (as a full page load would), so
 * keyboard and screen-reader users start at the skip link. Runs as a layout effect so that a page
 * which focuses its own error summary or banner (in a normal effect) still wins.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo?.(0, 0);
    const main = document.getElementById('main-content');
    main?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * True while a page for signed-in people waits to learn who is signed in: their menu is about to grow the header,
 * so nothing is drawn below it yet (anything drawn would be pushed down, a layout shift).
 */
function useHeaderSettling(): boolean {
  const user = useUser();
  const forSignedIn = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.signedIn);
  return forSignedIn && user.isPending;
}

function Shell() {
  const { pathname, search } = useLocation();
  const { data: config } = useConfig();
  const { menu, tagline, signedIn, expiryTime } = useMenu();
  const settling = useHeaderSettling();
  const heldWhileNavigating = useFormsHeldWhileNavigating();
  useFocusOnNavigation();

  useEffect(() => {
    recordVisit(pathname + search);
  }, [pathname, search]);

  // Keyed, so the cookie banner and the header stay the same elements when the rest of the page appears.
  const header = (
    <Header
      key="header"
      serviceName={config?.serviceName ?? DEFAULT_SERVICE_NAME}
      serviceHref={signedIn ? '/dashboard' : '/'}
      tagline={tagline}
      menu={menu}
    />
  );
  if (settling) {
    return (
      <>
        <CookieBanner key="cookie-banner" />
        {header}
      </>
    );
  }

  return (
    <>
      <CookieBanner key="cookie-banner" />
      <SkipLink />
      {header}
      <div className="govuk-width-container">
        <main className="govuk-main-wrapper" id="main-content" tabIndex={-1} {...heldWhileNavigating}>
          <PageNotification />
          {/* Pages are downloaded on first visit; between pages the one on screen stays until the next is ready. */}
          <Suspense fallback={<LoadingPage blank />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
      {signedIn && <SessionTimeout expiryTime={expiryTime} />}
    </>
  );
}

export function Layout() {
  return (
    <NotificationProvider>
      <Shell />
    </NotificationProvider>
  );
}
