import type {
  basicResultContract,
  intendToAppealContract,
  organisationResultContract,
  organisationResultsSummaryContract,
  releaseResultContract,
  requestReviewContract,
  resultContract,
  EndpointContract,
  ParamsOf,
  QueryOf,
  ResponseOf,
  Result,
} from '@dis/domain/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query';
import { ApiError } from '../../lib/api-client';
import { callEndpoint, endpointRoute, type EndpointRoute } from '../../lib/endpoint-client';

// The results calls of spec 02 section 7 and spec 01 section 7, typed from the domain's contracts. The contracts
// are imported as types only (each call's route written beside it, checked by the compiler), so their zod schemas
// stay out of the result pages' first load (decision 0071).

export const resultKey = (id: string) => ['result', id] as const;
const basicKey = (id: string) => ['result', 'basic', id] as const;

/** A refusal is an answer the page shows (not found, no longer available), so it is never retried. */
const noRetry = { retry: false, refetchOnWindowFocus: false } as const;

const resultRoute = endpointRoute<typeof resultContract>({ method: 'GET', path: '/api/results/:id' });

export function useResult(id: string) {
  return useQuery({
    queryKey: resultKey(id),
    queryFn: () => callEndpoint(resultRoute, { params: { id } }),
    enabled: Boolean(id),
    ...noRetry,
  });
}

const basicResultRoute = endpointRoute<typeof basicResultContract>({
  method: 'GET',
  path: '/api/results/basic/:id',
});

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

const organisationResultRoute = endpointRoute<typeof organisationResultContract>({
  method: 'GET',
  path: '/api/organisation/:orgCode/results/:id',
});

export function useOrganisationResult(orgCode: string, id: string) {
  return useQuery({
    queryKey: ['organisation-result', orgCode, id],
    queryFn: () => callEndpoint(organisationResultRoute, { params: { orgCode, id } }),
    ...noRetry,
  });
}

const organisationResultsSummaryRoute = endpointRoute<typeof organisationResultsSummaryContract>({
  method: 'GET',
  path: '/api/organisation/:orgCode/results-summary',
});

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
function useResultChange<C extends EndpointContract>(
  id: string,
  route: EndpointRoute<C>,
  patch: (answer: ResponseOf<C>) => Partial<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    // Each change is a POST to the result's own path (`/api/results/:id/...`): its one parameter is the id.
    mutationFn: () => callEndpoint(route, { params: { id } as ParamsOf<C> }),
    onSuccess: async (answer) => {
      client.setQueryData<Result>(resultKey(id), (old) => old && { ...old, ...patch(answer) });
      await Promise.all([
        client.invalidateQueries({ queryKey: resultKey(id), refetchType: 'none' }),
        client.invalidateQueries({ queryKey: ['applications'] }),
      ]);
    },
  });
}

const intendToAppealRoute = endpointRoute<typeof intendToAppealContract>({
  method: 'POST',
  path: '/api/results/:id/intend-to-appeal',
});
export const useIntendToAppeal = (id: string) =>
  useResultChange(id, intendToAppealRoute, (answer) => ({ ...answer, appealQuestion: false }));

const releaseResultRoute = endpointRoute<typeof releaseResultContract>({
  method: 'POST',
  path: '/api/results/:id/release',
});
// Not the whole answer: its `shareable` says whether the page goes on to share, not the result's own fact.
export const useReleaseResult = (id: string) =>
  useResultChange(id, releaseResultRoute, ({ appealDecision, releasedToOrganisationOn }) => ({
    appealDecision,
    releasedToOrganisationOn,
    appealQuestion: false,
  }));

const requestReviewRoute = endpointRoute<typeof requestReviewContract>({
  method: 'POST',
  path: '/api/results/:id/request-review',
});
export const useRequestReview = (id: string) =>
  useResultChange(id, requestReviewRoute, (answer) => ({ ...answer, isUnderReview: true }));

/** The backend code of a failed call (undefined for network failures). */
export function backendCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.backendCode : undefined;
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
