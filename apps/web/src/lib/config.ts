import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@dis/domain';
import { useQuery } from './query';
import type { configContract, ResponseOf } from '@dis/domain/contracts';
import { callEndpoint, endpointRoute } from './endpoint-client';

export type PublicConfig = ResponseOf<typeof configContract>;

const config = endpointRoute<typeof configContract>({ method: 'GET', path: '/api/config' });

export const configQuery = {
  queryKey: ['config'] as const,
  queryFn: () => callEndpoint(config, { suppressUnauthorised: true }),
  staleTime: Infinity,
};

export function useConfig() {
  return useQuery(configQuery);
}

/** The feature flags the server reports; the defaults until it has answered. */
export function useFeatureFlags(): FeatureFlags {
  const { data } = useConfig();
  return data?.features ?? DEFAULT_FEATURE_FLAGS;
}
