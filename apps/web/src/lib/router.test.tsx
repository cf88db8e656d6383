import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, type FormEvent, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  createStaticRouter,
  Link,
  matchRoutes,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useRouteError,
  useFormsHeldWhileNavigating,
  useSearchParams,
  type RouteObject,
} from './router';

afterEach(() => cleanup());

const leaf = (routes: readonly { path: string }[], pathname: string) => {
  const matched = matchRoutes(routes, pathname);
  return matched && { path: matched[matched.length - 1]!.route.path, params: matched[0]!.params };
};

describe('matching', () => {
  const table = [
    { path: '*' },
    { path: '/results/:resultId' },
    { path: '/csg-apply/:journeyId/*' },
    { path: '/results/basic' },
    { path: '/' },
  ];

  it('ranks as React Router did: a static segment before a parameter before a splat, whatever the order', () => {
    expect(leaf(table, '/results/basic')?.path).toBe('/results/basic');
    expect(leaf(table, '/results/r1')).toEqual({ path: '/results/:resultId', params: { resultId: 'r1' } });
    expect(leaf(table, '/')?.path).toBe('/');
    expect(leaf(table, '/nowhere/at/all')).toEqual({ path: '*', params: { '*': 'nowhere/at/all' } });
  });

  it('gives a splat the rest of the path, ignores case and a trailing slash, and decodes parameters', () => {
    expect(leaf(table, '/csg-apply/level-2/address/postcode/1')?.params).toEqual({
      journeyId: 'level-2',
      '*': 'address/postcode/1',
    });
    expect(leaf(table, '/csg-apply/level-2')?.params).toEqual({ journeyId: 'level-2', '*': undefined });
    expect(leaf(table, '/Results/R%201/')).toEqual({
      path: '/results/:resultId',
      params: { resultId: 'R 1' },
    });
  });

  it('matches nested routes outermost first, a route without a path framing its children', () => {
    const routes: RouteObject[] = [
      { id: 'layout', children: [{ id: 'pages', children: [{ path: '/a/:id' }] }] },
    ];
    expect(matchRoutes(routes, '/a/1')?.map((match) => match.route.id ?? match.route.path)).toEqual([
      'layout',
      'pages',
      '/a/:id',
    ]);
    expect(matchRoutes(routes, '/b')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
      <p data-testid="page">{search.get('page') ?? ''}</p>
      <button type="button" onClick={() => setSearch({ page: '2' })}>
        Next page
      </button>
    </>
  );
}

function Param() {
  return <p>Record {useParams().id}</p>;
}

function Broken(): never {
  throw new Error('broken page');
}

function ErrorShown() {
  const error = useRouteError();
  return <p>Failed: {error instanceof Error ? error.message : 'unknown'}</p>;
}

const appRoutes = (): RouteObject[] => [
  {
    id: 'layout',
    element: (
      <>
        <Where />
        <Link to="/records/7" state={{ from: 'list' }}>
          Record 7
        </Link>
        <Link to="/broken">Broken</Link>
        <Link to="/" target="_blank">
          New window
        </Link>
        <Outlet />
      </>
    ),
    children: [
      {
        id: 'pages',
        errorElement: <ErrorShown />,
        children: [
          { path: '/', element: <p>Home</p> },
          { path: '/records/:id', element: <Param /> },
          { path: '/broken', element: <Broken /> },
        ],
      },
    ],
  },
];

function setup(path = '/') {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the router', () => {
  it('follows a plain click on a link, with its state, but leaves a modified click or another window to the browser', async () => {
    const router = setup();
    const link = screen.getByRole('link', { name: 'Record 7' });
    expect(link.getAttribute('href')).toBe('/records/7');
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'New window' }));
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(link);
    expect(await screen.findByText('Record 7', { selector: 'p' })).toBeTruthy();
    expect(screen.getByTestId('state').textContent).toBe('{"from":"list"}');
  });

  it('sets the query with useSearchParams, and goes back', async () => {
    const router = setup('/records/3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('2', { selector: '[data-testid=page]' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/records/3?page=2');
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('where').textContent).toBe('/records/3');
  });

  it('a Navigate kept on screen while the address moves to another page that draws it too sends the person on again', async () => {
    // Two pages draw the same guard at the same place, and the guard's own navigation is overtaken by another to the
    // second page (as when the session ends while a link is followed): React keeps the Navigate, and only the new
    // path makes it navigate again (as React Router's did; the signed-out guard relies on it).
    const guard = <Navigate to="/signed-out" replace />;
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home</p> },
        { path: '/a', element: guard },
        { path: '/b', element: guard },
        { path: '/signed-out', element: <p>Signed out</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    let overtaken = false;
    const stop = router.subscribe((state: { location: { pathname: string } }) => {
      if (state.location.pathname !== '/signed-out' || overtaken) return;
      overtaken = true;
      void router.navigate('/b');
    });
    await act(() => router.navigate('/a'));
    stop();
    expect(overtaken).toBe(true);
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signed-out');
  });

  it('holds a form of the page on screen while the next page is not drawn yet, and lets it post once it is', async () => {
    let arrive: (page: { default: () => ReactElement }) => void = () => undefined;
    const NextPage = lazy(
      () => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)),
    );
    const posted = vi.fn((event: FormEvent) => event.preventDefault());
    function Main() {
      return (
        <main {...useFormsHeldWhileNavigating()}>
          <Suspense fallback={<p>Loading</p>}>
            <Outlet />
          </Suspense>
        </main>
      );
    }
    const step = (
      <form aria-label="step" onSubmit={posted}>
        <button>Continue</button>
      </form>
    );
    const router = createMemoryRouter(
      [
        {
          element: <Main />,
          children: [
            { path: '/', element: step },
            { path: '/next', element: <NextPage /> },
            { path: '/again', element: step },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(posted).toHaveBeenCalledTimes(1);
    await act(async () => {
      await router.navigate('/next');
    });
    // The address has moved on; the step stays on screen (not the fallback) while the next page downloads.
    expect(screen.getByRole('form', { name: 'step' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(posted).toHaveBeenCalledTimes(1);
    await act(async () => arrive({ default: () => <p>Next page</p> }));
    expect(await screen.findByText('Next page')).toBeTruthy();
    await act(() => router.navigate('/again'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(posted).toHaveBeenCalledTimes(2);
  });

  it('shows a page that fails in the error element, inside the layout, until the next navigation', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = setup();
    fireEvent.click(screen.getByRole('link', { name: 'Broken' }));
    expect(await screen.findByText('Failed: broken page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Record 7' })).toBeTruthy();
    await act(() => router.navigate('/'));
    expect(screen.getByText('Home')).toBeTruthy();
    error.mockRestore();
  });

  it('takes over the server’s page, and the error it showed, without a mismatch; the error goes with the next navigation', async () => {
    const errors = { pages: new Error('refused') };
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <RouterProvider router={createStaticRouter(appRoutes(), '/records/7?page=1', errors)} />,
    );
    document.body.append(container);
    window.history.replaceState(null, '', '/records/7?page=1');
    const router = createBrowserRouter(appRoutes(), { errors });
    const mismatches: unknown[] = [];
    const root = await act(() =>
      hydrateRoot(container, <RouterProvider router={router} />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    expect(mismatches).toEqual([]);
    expect(container.textContent).toContain('Failed: refused');
    expect(screen.getByTestId('where').textContent).toBe('/records/7?page=1');
    await act(() => router.navigate('/records/8'));
    expect(container.textContent).toContain('Record 8');
    expect(window.location.pathname).toBe('/records/8');
    act(() => root.unmount());
    container.remove();
  });
});
