import type { ResponseOf, signDeclarationContract } from '@dis/domain/contracts';
import { api } from '../../lib/api-client';

/** Agrees to today's countersignatory declaration (the page's form, with or without JavaScript). */
export const signDeclaration = () =>
  api.post<ResponseOf<typeof signDeclarationContract>>('/api/declaration', { agreed: true });

/** Only paths inside this app count as "where the user was going", never another site. */
export function safeReturnPath(from: unknown): string {
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/\\') &&
    !from.startsWith('/declaration')
    ? from
    : '/dashboard';
}

/** The declaration's address for someone on their way to `from`. */
export const declarationPath = (from: string): string => `/declaration?from=${encodeURIComponent(from)}`;
