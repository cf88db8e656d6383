import { dashboardPathFor } from '@dis/domain';
import { Navigate } from '../../lib/navigate';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';

/** /dashboard: where a user lands after sign-in; the route guard has already checked they are signed in. */
export function DashboardRedirect() {
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  return <Navigate to={dashboardPathFor(user?.roles ?? [], flags)} replace />;
}
