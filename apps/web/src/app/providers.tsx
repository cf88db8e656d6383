import { QueryClientProvider, type QueryClient } from '../lib/query';
import type { ReactNode } from 'react';

// The service's text needs no provider: useTranslation reads the one translation layer (i18n/translate.ts).
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
