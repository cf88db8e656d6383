/**
 * The router the web app's pages and components use: every page imports routing from here, never from the
 * library, so the library behind it can be changed in one place (issue 28: the first-load budget).
 */
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  matchRoutes,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useResolvedPath,
  useRouteError,
  useSearchParams,
} from 'react-router';
export type { NavigateProps, RouteObject } from 'react-router';
