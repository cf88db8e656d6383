import { isDeclarationSignedToday } from '@dis/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface DeclarationStatus {
  signedOn: string | null;
  signedToday: boolean;
}

export const declarationQuery = {
  queryKey: ['declaration'] as const,
  queryFn: () => api.get<DeclarationStatus>('/api/declaration'),
  // Re-checked on every guarded page: a tab left open overnight must ask again in the morning.
  staleTime: 0,
};

export function useDeclaration(enabled: boolean) {
  return useQuery({ ...declarationQuery, enabled });
}

export function declarationSignedToday(status: DeclarationStatus | undefined): boolean {
  return Boolean(status && isDeclarationSignedToday(status.signedOn, new Date(Date.now())));
}
