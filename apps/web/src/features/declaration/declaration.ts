import type { signDeclarationContract } from '@dis/domain/contracts';
import { callEndpoint, endpointRoute } from '../../lib/endpoint-client';

// The guard imports this file, so it is in the shell: the contract is imported as a type only.
const declaration = endpointRoute<typeof signDeclarationContract>({
  method: 'POST',
  path: '/api/declaration',
});

/** Agrees to today's countersignatory declaration (the page's form, with or without JavaScript). */
export const signDeclaration = () => callEndpoint(declaration, { body: { agreed: true } });

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
