import type {
  basicResultContract,
  intendToAppealContract,
  organisationResultContract,
  organisationResultsSummaryContract,
  releaseResultContract,
  requestReviewContract,
  resultContract,
  QueryOf,
  Result,
} from '@dis/domain/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query';
import { ApiError } from '../../lib/api-client';
import { callEndpoint, endpointRoute } from '../../lib/endpoint-client';

// The results calls of spec 02 section 7 and spec 01 section 7, typed from the domain's contracts. The contracts
// are imported as types only (their routes written here, checked by the compiler), so their zod schemas stay out
// of the result pages' first load (decision 0071).
const resultRoute = endpointRoute<typeof resultContract>({ method: 'GET', path: '/api/results/:id' });
const basicResultRoute = endpointRoute<typeof basicResultContract>({
  method: 'GET',
  path: '/api/results/basic/:id',
});
const organisationResultRoute = endpointRoute<typeof organisationResultContract>({
  method: 'GET',
  path: '/api/organisation/:orgCode/results/:id',
});
const organisationResultsSummaryRoute = endpointRoute<typeof organisationResultsSummaryContract>({
  method: 'GET',
  path: '/api/organisation/:orgCode/results-summary',
});
const intendToAppealRoute = endpointRoute<typeof intendToAppealContract>({
  method: 'POST',
  path: '/api/results/:id/intend-to-appeal',
});
const releaseResultRoute = endpointRoute<typeof releaseResultContract>({
  method: 'POST',
  path: '/api/results/:id/release',
});
const requestReviewRoute = endpointRoute<typeof requestReviewContract>({
  method: 'POST',
  path: '/api/results/:id/request-review',
});

export const resultKey = (id: string) => ['result', id] as const;
const basicKey = (id: string) => ['result', 'basic', id] as const;

/** A refusal is an answer the page shows (not found, no longer available), so it is never retried. */
const noRetry = { retry: false, refetchOnWindowFocus: false } as const;

export function useResult(id: string) {
  return useQuery({
    queryKey: resultKey(id),
    queryFn: () => callEndpoint(resultRoute, { params: { id } }),
    enabled: Boolean(id),
    ...noRetry,
  });
}

export function useBasicResult(id: string) {
  return useQuery({
    queryKey: basicKey(id),
    queryFn: () => callEndpoint(basicResultRoute, { params: { id } }),
    // The server's clock decides the 15 minutes: the answer is read once, not refreshed behind the timer.
    staleTime: Infinity,
    gcTime: 0,
    ...noRetry,
  });
}

export function useOrganisationResult(orgCode: string, id: string) {
  return useQuery({
    queryKey: ['organisation-result', orgCode, id],
    queryFn: () => callEndpoint(organisationResultRoute, { params: { orgCode, id } }),
    ...noRetry,
  });
}

export function useOrganisationResults(
  orgCode: string,
  query: QueryOf<typeof organisationResultsSummaryContract>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['organisation-results', orgCode, query],
    queryFn: () => callEndpoint(organisationResultsSummaryRoute, { params: { orgCode }, query }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * After a change: the cached result takes what the server answered (so the next page shows it at once),
 * and the result, the dashboards and the results summary are read again when next shown.
 */
function useResultChange<T>(id: string, run: () => Promise<T>, patch: (answer: T) => Partial<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      client.setQueryData<Result>(resultKey(id), (old) => old && { ...old, ...patch(answer) });
      await Promise.all([
        client.invalidateQueries({ queryKey: resultKey(id), refetchType: 'none' }),
        client.invalidateQueries({ queryKey: ['applications'] }),
      ]);
    },
  });
}

export const useIntendToAppeal = (id: string) =>
  useResultChange(
    id,
    () => callEndpoint(intendToAppealRoute, { params: { id } }),
    (answer) => ({ ...answer, appealQuestion: false }),
  );

export const useReleaseResult = (id: string) =>
  useResultChange(
    id,
    () => callEndpoint(releaseResultRoute, { params: { id } }),
    ({ appealDecision, releasedToOrganisationOn }) => ({
      appealDecision,
      releasedToOrganisationOn,
      appealQuestion: false,
    }),
  );

export const useRequestReview = (id: string) =>
  useResultChange(
    id,
    () => callEndpoint(requestReviewRoute, { params: { id } }),
    ({ status, reviewExpiryDate }) => ({ status, reviewExpiryDate, isUnderReview: true }),
  );

/** The backend code of a failed call (undefined for network failures). */
export function backendCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.backendCode : undefined;
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
