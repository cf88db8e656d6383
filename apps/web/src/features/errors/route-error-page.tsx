import { useRouteError } from '../../lib/router';
import { ApiError } from '../../lib/api-client';
import { GenericErrorPage } from './generic-error-page';

/** The error boundary's page: whatever broke, the user sees the generic page with what is known. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (error instanceof ApiError) {
    return (
      <GenericErrorPage
        backendCode={error.backendCode}
        message={error.message}
        status={error.status}
        requestId={error.requestId}
      />
    );
  }
  return <GenericErrorPage message={error instanceof Error ? error.message : undefined} />;
}
