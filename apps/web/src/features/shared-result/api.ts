import { SHARED_RESULT_POLL_INTERVAL_MS } from '@dis/domain';
import {
  basicOnlineResultCodeContract,
  basicOnlineResultVerifyContract,
  sharedAdditionalInformationContract,
  sharedBasicCheckContract,
  sharedBasicResultContract,
  sharedLinkValidateContract,
  sharedResultContract,
  pathFor,
  type BodyOf,
} from '@dis/domain/contracts';
import { useMutation, useQuery } from '../../lib/query';
import { callEndpoint } from '../../lib/endpoint-client';

// The recipient's calls (spec 02 section 7). The link's token never reaches this code: the server exchanged it
// for an HttpOnly cookie, which the browser sends with each call.

export function useValidateLink(enabled: boolean) {
  return useQuery({
    queryKey: ['shared-link'],
    queryFn: () => callEndpoint(sharedLinkValidateContract),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export function useAdditionalInformation() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof sharedAdditionalInformationContract>) =>
      // The attempts-exceeded 401 is the recipient's page (incorrect-details), not a signed-out person's.
      callEndpoint(sharedAdditionalInformationContract, { body, suppressUnauthorised: true }),
  });
}

/**
 * The shared result: read on the server, where it counts as an opening. The page is not taken over in the browser
 * (decision 0074): its plain enhancement asks again every SHARED_RESULT_POLL_INTERVAL_MS at `sharedResultPollUrl`,
 * and when the link has expired or the applicant has stopped sharing, the page leaves.
 */
export function useSharedResult(id: string) {
  return useQuery({
    queryKey: ['shared-result', id],
    queryFn: () =>
      callEndpoint(sharedResultContract, {
        params: { id },
        // A 401 here is the link's end (the expired-link page), not a signed-out applicant.
        suppressUnauthorised: true,
      }),
    enabled: Boolean(id),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/**
 * Where the page's enhancement asks whether the link still works, and how often: the same call, marked as a
 * refresh, so it is not recorded as another opening.
 */
export function sharedResultPoll(id: string): Record<'data-poll' | 'data-poll-every', string> {
  return {
    'data-poll': `${pathFor(sharedResultContract.path, { id })}?refresh=true`,
    'data-poll-every': String(SHARED_RESULT_POLL_INTERVAL_MS),
  };
}

// ---------- a basic result's link ----------

/** Checks the basic link (no state changes): the last digits of the phone the code will go to. */
export function useBasicLinkCheck(enabled: boolean) {
  return useQuery({
    queryKey: ['shared-basic-link'],
    queryFn: () => callEndpoint(sharedBasicCheckContract, { body: {} }),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export function useSendBasicCode() {
  return useMutation({ mutationFn: () => callEndpoint(basicOnlineResultCodeContract, { body: {} }) });
}

export function useVerifyBasicCode() {
  return useMutation({
    mutationFn: (oneTimeCode: string) =>
      callEndpoint(basicOnlineResultVerifyContract, { body: { oneTimeCode } }),
  });
}

/** The basic shared result the verified code opened (a = the share, b = the view). */
export function useBasicSharedResult(a: string, b: string) {
  return useQuery({
    queryKey: ['shared-basic-result', a, b],
    queryFn: () => callEndpoint(sharedBasicResultContract, { params: { a, b }, suppressUnauthorised: true }),
    enabled: Boolean(a && b),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
