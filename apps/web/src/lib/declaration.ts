import { useQuery } from './query';
import type { declarationStatusContract, ResponseOf } from '@dis/domain/contracts';
import { callEndpoint, endpointRoute } from './endpoint-client';

export type DeclarationStatus = ResponseOf<typeof declarationStatusContract>;

const declarationStatus = endpointRoute<typeof declarationStatusContract>({
  method: 'GET',
  path: '/api/declaration',
});

export const declarationQuery = {
  queryKey: ['declaration'] as const,
  queryFn: () => callEndpoint(declarationStatus),
  // Re-checked on every guarded page: a tab left open overnight must ask again in the morning.
  staleTime: 0,
};

export function useDeclaration(enabled: boolean) {
  return useQuery({ ...declarationQuery, enabled });
}

/**
 * The server's answer: "today" is the server's UK calendar day (its clock may be moved on from /local/clock, and
 * the browser's clock or time zone may differ). The query is re-fetched on every guarded page, so it stays fresh.
 */
export function declarationSignedToday(status: DeclarationStatus | undefined): boolean {
  return status?.signedToday === true;
}
