import { QueryClientProvider, type QueryClient } from '../lib/query';
import type { ReactNode } from 'react';
import { I18nextProvider } from '../i18n/react';
import i18n from '../i18n';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
