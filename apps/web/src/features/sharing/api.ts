import type { BodyOf, ResponseOf } from '@dis/domain/contracts';
import * as contracts from '@dis/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';

// The one-time-code and sharing calls of spec 02 section 7, typed from the domain's contracts.

const optionsKey = (id: string) => ['share-options', id] as const;

/** A read of the result's sharing, never kept once its page is gone, nor retried, nor asked again on focus. */
function useUncachedRead<T>(queryKey: readonly unknown[], id: string, read: () => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn: read,
    enabled: Boolean(id),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** What the share pages may offer, decided by the server; never cached (a share or a code changes it). */
export const useShareOptions = (id: string) =>
  useUncachedRead(optionsKey(id), id, () => callEndpoint(contracts.shareOptionsContract, { params: { id } }));

/**
 * A share call: whatever its answer, the result's options and the result are read again (they say what has been
 * shared). Not awaited: the page leaves on success before the options come back saying it has been shared.
 */
function useShareCall<Body, Answer>(id: string, send: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: optionsKey(id) });
      void client.invalidateQueries({ queryKey: ['result', id] });
    },
  });
}

export function useShareResult(id: string) {
  return useShareCall(id, (body: BodyOf<typeof contracts.shareResultContract>) =>
    callEndpoint(contracts.shareResultContract, { params: { id }, body }),
  );
}

/** A share with a named recipient (the recipient-details route): the server emails them a link. */
export function useShareThirdParty(id: string) {
  return useShareCall(id, (body: BodyOf<typeof contracts.shareThirdPartyContract>) =>
    callEndpoint(contracts.shareThirdPartyContract, { params: { id }, body }),
  );
}

export function useSharePaper(id: string) {
  return useShareCall(id, (_: void) => callEndpoint(contracts.sharePaperContract, { params: { id } }));
}

/** The share-or-review choice's "share", confirmed: recorded by the server for this session (decision 0054). */
export function useSharePurpose(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(contracts.sharePurposeContract, {
        params: { id },
        body: { purpose: 'SHARE', confirmed: true },
      }),
    // Before the page moves on: the share page must not read the options from before the confirmation.
    onSuccess: () =>
      client.setQueryData<ResponseOf<typeof contracts.shareOptionsContract>>(
        optionsKey(id),
        (old) => old && { ...old, purposeConfirmationRequired: false },
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: optionsKey(id) }),
  });
}

const sharesKey = (id: string) => ['result-shares', id] as const;

/** Every share of the result ("who can see my result"); read fresh each visit (a recipient may have opened it). */
export const useResultShares = (id: string) =>
  useUncachedRead(sharesKey(id), id, () => callEndpoint(contracts.resultSharesContract, { params: { id } }));

/** Stops a digital share at once. */
export function useStopSharing(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => callEndpoint(contracts.revokeShareContract, { params: { id, shareId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

export function useRequestCode() {
  return useMutation({ mutationFn: () => callEndpoint(contracts.otcRequestContract) });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (oneTimeCode: string) => callEndpoint(contracts.otcVerifyContract, { body: { oneTimeCode } }),
  });
}

export const httpStatusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
export const backendCodeOf = (error: unknown) => (error instanceof ApiError ? error.backendCode : undefined);
