import { SHARED_RESULT_POLL_INTERVAL_MS } from '@dis/domain';
import {
  basicOnlineResultCodeContract,
  basicOnlineResultVerifyContract,
  sharedAdditionalInformationContract,
  sharedBasicCheckContract,
  sharedBasicResultContract,
  sharedLinkValidateContract,
  sharedResultContract,
  type BodyOf,
} from '@dis/domain/contracts';
import { useMutation, useQuery } from '../../lib/query';
import { useRef } from 'react';
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
 * The shared result, asked for again every SHARED_RESULT_POLL_INTERVAL_MS: when the link expires or the applicant
 * stops sharing, the next answer is a 401 and the page leaves. Only the first call of the page is an opening.
 */
export function useSharedResult(id: string) {
  const loaded = useRef(false);
  return useQuery({
    queryKey: ['shared-result', id],
    queryFn: async () => {
      const refresh = loaded.current;
      const result = await callEndpoint(sharedResultContract, {
        params: { id },
        query: refresh ? { refresh: 'true' } : {},
        // A 401 here is the link's end (the expired-link page), not a signed-out applicant.
        suppressUnauthorised: true,
      });
      loaded.current = true;
      return result;
    },
    enabled: Boolean(id),
    retry: false,
    refetchInterval: SHARED_RESULT_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    gcTime: 0,
  });
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
