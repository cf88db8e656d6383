import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@dis/domain';
import { useQuery } from '@tanstack/react-query';
import type { configContract, ResponseOf } from '@dis/domain/contracts';
import { api } from './api-client';

export type PublicConfig = ResponseOf<typeof configContract>;

export const configQuery = {
  queryKey: ['config'] as const,
  queryFn: () => api.get<PublicConfig>('/api/config', { suppressUnauthorised: true }),
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
