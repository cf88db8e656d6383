import { hasOrganisationRole, isIdentityVerified, SESSION_ENDED_PATH } from '@dis/domain';
import { useEffect } from 'react';
import { useLocation } from '../lib/router';
import { clearJourneyData } from '../lib/journey-store';
import { Navigate } from '../lib/navigate';
import { LoadingPage } from '../components/loading-page';
import { useConfig, useFeatureFlags } from '../lib/config';
import { declarationSignedToday, useDeclaration } from '../lib/declaration';
import { declarationPath } from '../features/declaration/declaration';
import { noteSignedInHere, useUser, wasSignedInHere } from '../lib/session';
import { usePageRender } from '../lib/server-render';
import { LaunchPage } from '../features/launch/launch-page';
import { NotFoundPage } from '../components/not-found-page';
import type { AppRoute } from './route-types';

/**
 * Applies a route's access rules in one place: unauthenticated users see the launch page, a wrong role,
 * an unverified identity or a feature that is off gets not-found, and organisation users who have not
 * agreed to today's declaration are sent to /declaration and brought back afterwards.
 */
export function RouteGuard({ route }: { route: AppRoute }) {
  const location = useLocation();
  const config = useConfig();
  const flags = useFeatureFlags();
  const isPublic = route.roles.length === 0;
  const user = useUser();
  const needsDeclaration =
    !isPublic && Boolean(route.declaration) && Boolean(user.data && hasOrganisationRole(user.data.roles));
  const declaration = useDeclaration(needsDeclaration);
  const signedIn = Boolean(user.data);
  useEffect(() => {
    if (signedIn) noteSignedInHere();
  }, [signedIn]);

  // Flags and role rules both need the deployment's settings; wait rather than guess with defaults.
  if ((route.feature || !isPublic) && config.isPending) return <LoadingPage blank />;
  if (route.feature && !flags[route.feature]) return <NotFoundPage />;
  const { Component } = route;
  if (isPublic) return <Component />;

  if (user.isPending) return <LoadingPage blank />;
  if (user.isError) throw user.error;
  if (!user.data) return <SignedOutHere />;
  const roles = user.data.roles;
  if (!route.roles.some((role) => roles.includes(role))) return <NotFoundPage />;
  if (route.identityVerified && !isIdentityVerified(user.data.assuranceLevel)) return <NotFoundPage />;

  if (needsDeclaration) {
    if (declaration.isPending) return <LoadingPage blank />;
    if (declaration.isError) throw declaration.error;
    if (!declarationSignedToday(declaration.data)) {
      // The way back is in the address too, so the declaration posted without JavaScript can return there.
      const from = location.pathname + location.search;
      return <Navigate to={declarationPath(from)} replace state={{ from }} />;
    }
  }
  return <Component />;
}

/**
 * A signed-in page asked for without a session: the launch page in its place. The browser then forgets what this
 * tab kept for a journey, as on any 401 (the server's render made the call that found the session gone, so the
 * browser's own calls never saw it). A session that has ended (the server saw its cookie, or this tab was signed
 * in) goes to the launch page that says the person is no longer signed in (decision 0055).
 */
function SignedOutHere() {
  const render = usePageRender();
  useEffect(() => clearJourneyData(), []);
  if (render.sessionEnded || (!render.server && wasSignedInHere()))
    return <Navigate to={SESSION_ENDED_PATH} replace />;
  return <LaunchPage />;
}
