import { useQuery, type QueryKey } from '../../lib/query';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';

/**
 * A page showing one record of the signed-in person's (a submitted application, a Basic disclosure): its title
 * set and the record read (a refusal is the page's answer, so never retried). `notFound` when the API answers 404:
 * not theirs, or no such record, which the page says as for any record.
 */
export function useRecordPage<T>(title: string, queryKey: QueryKey, queryFn: () => Promise<T>) {
  usePageTitle(title);
  const query = useQuery({ queryKey, queryFn, retry: false });
  return { query, notFound: query.error instanceof ApiError && query.error.status === 404 };
}
