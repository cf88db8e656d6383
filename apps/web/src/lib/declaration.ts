import { useQuery } from '@tanstack/react-query';
import type { declarationStatusContract, ResponseOf } from '@dis/domain/contracts';
import { api } from './api-client';

export type DeclarationStatus = ResponseOf<typeof declarationStatusContract>;

export const declarationQuery = {
  queryKey: ['declaration'] as const,
  queryFn: () => api.get<DeclarationStatus>('/api/declaration'),
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
