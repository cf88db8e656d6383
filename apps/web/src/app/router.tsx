import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { Layout } from './layout';
import { RouteGuard } from './route-guard';
import { ROUTES } from './routes';
import type { AppRoute, RouteHandle } from './route-types';

/** The route that shows a page's error inside the layout (the server renders it with the error it caught). */
export const PAGE_ERRORS_ROUTE_ID = 'pages';

export function routeObjects(routes: readonly AppRoute[]): RouteObject[] {
  return [
    {
      id: 'layout',
      element: <Layout />,
      children: [
        {
          id: PAGE_ERRORS_ROUTE_ID,
          // Inside the layout, so a page that fails still has the header, menu and footer around it.
          errorElement: <RouteErrorPage />,
          children: routes.map((route) => ({
            path: route.path,
            element: <RouteGuard route={route} />,
            handle: { signedIn: route.roles.length > 0 } satisfies RouteHandle,
          })),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects(ROUTES));
}
