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

/**
 * A print page's read: asked for once its ids are known, not retried nor asked again when the window regains focus;
 * `forget` drops the answer as soon as the page is gone (a time-limited result, counted by the server).
 */
function usePrintRead<T>(
  queryKey: readonly unknown[],
  enabled: boolean,
  read: () => Promise<T>,
  forget = false,
) {
  return useQuery({
    queryKey,
    queryFn: read,
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    ...(forget ? { gcTime: 0 } : {}),
  });
}

/** The check code and QR code of the applicant's print of their result. */
export const useApplicantCheckCode = (resultId: string) =>
  usePrintRead(['check-code', resultId], Boolean(resultId), () =>
    callEndpoint(resultCheckCodeContract, { params: { id: resultId } }),
  );

/** The applicant's result as the print shows it (the result page's own call). */
export const useResultForPrint = (resultId: string) =>
  usePrintRead(['result', resultId], Boolean(resultId), () =>
    callEndpoint(resultContract, { params: { id: resultId } }),
  );

/**
 * The applicant's Basic result as its print shows it (the Basic result page's own call: the server still counts
 * its 15 minutes and refuses the print after them).
 */
export const useBasicResultForPrint = (resultId: string) =>
  usePrintRead(
    ['basic-result-print', resultId],
    Boolean(resultId),
    () => callEndpoint(basicResultContract, { params: { id: resultId } }),
    true,
  );

/** A recipient's shared Basic result for printing: its own call, refused after the recipient's time-out. */
export const useSharedBasicResultForPrint = (shareId: string, viewId: string) =>
  usePrintRead(
    ['shared-basic-result-print', shareId, viewId],
    Boolean(shareId && viewId),
    () =>
      callEndpoint(sharedBasicResultContract, {
        params: { a: shareId, b: viewId },
        suppressUnauthorised: true,
      }),
    true,
  );

/** A recipient's shared result for printing: a refresh, so the print is not counted as another opening. */
export const useSharedResultForPrint = (shareId: string) =>
  usePrintRead(['shared-result-print', shareId], Boolean(shareId), () =>
    callEndpoint(sharedResultContract, { params: { id: shareId }, query: { refresh: 'true' } }),
  );

export const useRecipientCheckCode = (shareId: string) =>
  usePrintRead(['shared-check-code', shareId], Boolean(shareId), () =>
    callEndpoint(sharedResultCheckCodeContract, { params: { id: shareId } }),
  );

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
