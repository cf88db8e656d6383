import {
  basicResultContract,
  checkAResultContract,
  resultCheckCodeContract,
  resultContract,
  sharedBasicResultContract,
  sharedResultCheckCodeContract,
  sharedResultContract,
  withdrawCheckCodeContract,
  type CheckAnswer,
} from '@dis/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { callEndpoint } from '../../lib/endpoint-client';

// The calls of signed results and check codes (decision 0051), typed from the domain's contracts.

/** The check code and QR code of the applicant's print of their result. */
export function useApplicantCheckCode(resultId: string) {
  return useQuery({
    queryKey: ['check-code', resultId],
    queryFn: () => callEndpoint(resultCheckCodeContract, { params: { id: resultId } }),
    enabled: Boolean(resultId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The applicant's result as the print shows it (the result page's own call). */
export function useResultForPrint(resultId: string) {
  return useQuery({
    queryKey: ['result', resultId],
    queryFn: () => callEndpoint(resultContract, { params: { id: resultId } }),
    enabled: Boolean(resultId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * The applicant's Basic result as its print shows it (the Basic result page's own call: the server still counts
 * its 15 minutes and refuses the print after them).
 */
export function useBasicResultForPrint(resultId: string) {
  return useQuery({
    queryKey: ['basic-result-print', resultId],
    queryFn: () => callEndpoint(basicResultContract, { params: { id: resultId } }),
    enabled: Boolean(resultId),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** A recipient's shared Basic result for printing: its own call, refused after the recipient's time-out. */
export function useSharedBasicResultForPrint(shareId: string, viewId: string) {
  return useQuery({
    queryKey: ['shared-basic-result-print', shareId, viewId],
    queryFn: () =>
      callEndpoint(sharedBasicResultContract, {
        params: { a: shareId, b: viewId },
        suppressUnauthorised: true,
      }),
    enabled: Boolean(shareId && viewId),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** A recipient's shared result for printing: a refresh, so the print is not counted as another opening. */
export function useSharedResultForPrint(shareId: string) {
  return useQuery({
    queryKey: ['shared-result-print', shareId],
    queryFn: () =>
      callEndpoint(sharedResultContract, { params: { id: shareId }, query: { refresh: 'true' } }),
    enabled: Boolean(shareId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useRecipientCheckCode(shareId: string) {
  return useQuery({
    queryKey: ['shared-check-code', shareId],
    queryFn: () => callEndpoint(sharedResultCheckCodeContract, { params: { id: shareId } }),
    enabled: Boolean(shareId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useCheckAResult() {
  return useMutation({
    mutationFn: (body: { checkCode: string; dateOfBirth: string }): Promise<CheckAnswer> =>
      callEndpoint(checkAResultContract, { body }),
  });
}

export function useWithdrawCheckCode(resultId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (copyId: string) =>
      callEndpoint(withdrawCheckCodeContract, { params: { id: resultId, copyId }, body: {} }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['result-checks', resultId] });
      void client.invalidateQueries({ queryKey: ['check-code', resultId] });
    },
  });
}
