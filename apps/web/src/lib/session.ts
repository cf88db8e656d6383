import { normaliseRoles, SIGN_OUT_FAILED_PATH, type Role, type SignOutReason } from '@dis/domain';
import type { logoutContract, ResponseOf, userInformationContract } from '@dis/domain/contracts';
import { useQuery, type QueryClient } from './query';
import { ApiError, browser, signingOutOfThisTab } from './api-client';
import { callEndpoint, endpointRoute } from './endpoint-client';
import { clearJourneyData } from './journey-store';
import { resetNavigationHistory } from './navigation-history';

type UserInformationResponse = ResponseOf<typeof userInformationContract>;

export type CountersignatoryDetails = NonNullable<UserInformationResponse['countersignatoryDetails']>;

export interface SignedInUser extends Omit<UserInformationResponse, 'roles'> {
  /** Without the leading slash the server sends. */
  roles: Role[];
}

export const USER_INFO_PATH = '/oauth2/api/userinformation';
const userInformation = endpointRoute<typeof userInformationContract>({
  method: 'GET',
  path: USER_INFO_PATH,
});
const logout = endpointRoute<typeof logoutContract>({ method: 'POST', path: '/oauth2/api/logout' });

/** null when nobody is signed in (a 401 here is an answer, not an error). */
export async function fetchUser(): Promise<SignedInUser | null> {
  try {
    const info = await callEndpoint(userInformation, { suppressUnauthorised: true });
    return { ...info, roles: normaliseRoles(info.roles) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQuery = { queryKey: ['user'] as const, queryFn: fetchUser, staleTime: 60_000 };

let signedInHere = false;
/** This tab has shown a page to a signed-in person: a session missing later has ended (decision 0055). */
export function noteSignedInHere(): void {
  signedInHere = true;
}
export function wasSignedInHere(): boolean {
  return signedInHere;
}

export function useUser() {
  return useQuery(userQuery);
}

/** Any authenticated GET refreshes the server's idle timer; this is the cheapest one. */
export async function keepSessionAlive(): Promise<boolean> {
  try {
    await callEndpoint(userInformation, { suppressUnauthorised: true });
    return true;
  } catch (error) {
    // Only a 401 means the session is gone; a network blip should not sign anyone out.
    return !(error instanceof ApiError && error.status === 401);
  }
}

export function signedOutPath(reason?: string): string {
  return reason ? `/signed-out?${new URLSearchParams({ reason }).toString()}` : '/successfully-signed-out';
}

/** The server's sign-out for a form post: it answers 303 to the provider's end-session address. */
export const SIGN_OUT_FORM_PATH = '/oauth2/logout';

/**
 * Before the sign-out page's form leaves: this tab stops treating 401s as a lost session and forgets the journey
 * it kept (the server's answer also clears the site's storage and cache).
 */
export function forgetThisBrowser(): void {
  signingOutOfThisTab();
  clearJourneyData();
  resetNavigationHistory();
}

let signingOut = false;

/**
 * Ends the session on the server, forgets everything this browser held for the user, then follows the
 * identity provider's end-session URL (which comes back to the signed-out page). If the logout call
 * fails the user lands on the page that says the sign-out did not complete, with a way to try again.
 */
export async function signOut(client: QueryClient, reason?: SignOutReason): Promise<void> {
  // The inactivity timer, the 4-hour limit and the sign-out page can all fire together.
  if (signingOut) return;
  signingOut = true;
  signingOutOfThisTab();
  let redirect: string | undefined;
  try {
    // A same-origin POST (the server checks its Origin): the answer is the provider's end-session address,
    // which carries no token.
    const response = await callEndpoint(logout, {
      body: reason ? { reason } : {},
      suppressUnauthorised: true,
    });
    redirect = response.oauthProviderRedirect;
  } catch (error) {
    // Already signed out (401): the signed-out page. Anything else: the sign-out did not happen, and the page
    // says so and offers it again (spec 02 section 8, "sign-out failure"; decision 0055).
    redirect = error instanceof ApiError && error.status === 401 ? undefined : SIGN_OUT_FAILED_PATH;
  }
  client.clear();
  clearJourneyData();
  resetNavigationHistory();
  try {
    browser.navigate(redirect || signedOutPath(reason));
  } finally {
    signingOut = false;
  }
}
