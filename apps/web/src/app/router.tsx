import { createBrowserRouter, type RouteObject } from '../lib/router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { PageTakenOver } from '../lib/server-render';
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
          errorElement: (
            <>
              <RouteErrorPage />
              <PageTakenOver />
            </>
          ),
          children: routes.map((route) => ({
            path: route.path,
            element: (
              <>
                <RouteGuard route={route} />
                <PageTakenOver />
              </>
            ),
            handle: { signedIn: route.roles.length > 0 } satisfies RouteHandle,
          })),
        },
      ],
    },
  ];
}

/** The browser's router; `pageError` is the error the server's page showed in the page's place, if any. */
export function createAppRouter(pageError?: unknown) {
  return createBrowserRouter(
    routeObjects(ROUTES),
    pageError === undefined ? {} : { errors: { [PAGE_ERRORS_ROUTE_ID]: pageError } },
  );
}
