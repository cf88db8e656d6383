import { dehydrate, type DehydratedState, type QueryClient } from './query';
import { ApiError, type ApiErrorBody } from './api-client';

// What the server's render hands the browser so it takes the page over exactly as drawn (decision 0038): the
// answers the render read, and the errors it met. An error crosses as plain data and is made an ApiError again
// in the browser, so a page that showed "Page not found" for a refused record shows it again without asking.

/** An error as it crosses from the server's render to the browser. */
export interface SentError {
  status?: number;
  body?: ApiErrorBody;
  message?: string;
}

export function sendError(error: unknown): SentError {
  if (error instanceof ApiError) return { status: error.status, body: error.body };
  return { message: error instanceof Error ? error.message : undefined };
}

export function receiveError(sent: SentError): Error {
  if (typeof sent.status === 'number') return new ApiError(sent.status, sent.body ?? {});
  return new Error(sent.message);
}

/** The render's queries, answered and failed (a failed one is what the page showed). */
export function sendQueries(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  for (const query of state.queries) {
    if (query.state.error) query.state.error = sendError(query.state.error) as unknown as Error;
  }
  return state;
}

/** The server's queries, with their errors as the browser's own. */
export function receiveQueries(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error
        ? { ...query, state: { ...query.state, error: receiveError(query.state.error as SentError) } }
        : query,
    ),
  };
}
