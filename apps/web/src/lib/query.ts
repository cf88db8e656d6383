/**
 * The data-fetching hooks the web app's pages use: every page imports them from here, never from the library, so
 * the library behind them can be changed in one place (issue 28: the first-load budget).
 */
export {
  dehydrate,
  focusManager,
  hydrate,
  keepPreviousData,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { DehydratedState, QueryClient, QueryKey, QueryOptions } from '@tanstack/react-query';
