/**
 * The router the web app's pages and components use: every page imports routing from here (issue 28: the
 * first-load budget; decision 0069). It is the app's own, small and shaped like the React Router it replaced: a
 * route table of objects (`path`, `element`, `errorElement`, `handle`, `children`), matched and ranked as React
 * Router does (a static segment before a parameter before a splat, whatever the order), the history of the
 * browser's tab (or one in memory for the tests, or one fixed address on the server), and the hooks and links
 * the pages use. A navigation is a transition, so the page on screen stays until the next one's code is ready.
 */
import {
  Children,
  Component,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useTransition,
  type AnchorHTMLAttributes,
  type ErrorInfo,
  type FormEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

// ---------------------------------------------------------------------------------------------------------------
// Addresses and routes

/** Where the person is: the address, and what the page that sent them there left in the history entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` left for the page (null when nothing). */
  state: unknown;
  /** This history entry's key ("default" for the entry the tab opened at). */
  key: string;
}

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export type Params = Record<string, string | undefined>;

export interface RouteObject {
  id?: string;
  /** React Router's syntax: `/results/:resultId`, `/csg-apply/:journeyId/*`, `*`. A route without one frames its children. */
  path?: string;
  element?: ReactNode;
  /** Shown in place of the route's element (inside its parents) when that element or a child fails to render. */
  errorElement?: ReactNode;
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch<R = RouteObject> {
  route: R;
  params: Params;
  pathname: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash: hash === '#' ? '' : hash,
  };
}

const createPath = ({ pathname, search, hash }: Path) =>
  pathname + (search === '?' ? '' : search) + (hash === '#' ? '' : hash);

/** `to` from the page at `from`: an absolute path, a search or hash of the same page, or a path relative to it. */
export function resolvePath(to: string, from: string): Path {
  if (to === '') return { pathname: from, search: '', hash: '' };
  if (to.startsWith('?') || to.startsWith('#')) return { ...parsePath(to), pathname: from };
  // An absolute path is kept as written (its href is `to` itself, as React Router's was).
  if (to.startsWith('/')) return parsePath(to);
  const url = new URL(to, `http://localhost${from.endsWith('/') ? from : `${from}/`}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** A link to another site (or another scheme), which the router leaves to the browser. */
const isExternal = (to: string) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

interface CompiledPath {
  regexp: RegExp;
  names: string[];
}

/** React Router's matching: case-insensitive, a trailing slash allowed, `*` at the end takes the rest. */
function compilePath(path: string): CompiledPath {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_whole, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  // eslint-disable-next-line security/detect-non-literal-regexp -- the app's own route paths, their specials escaped
  return { regexp: new RegExp(source, 'i'), names };
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** React Router's ranking of a path: the more (and the more static) its segments, the earlier it is tried. */
function scorePath(path: string): number {
  const segments = path.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((segment) => segment !== '*')
    .reduce(
      (score, segment) => score + (/^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10),
      segments.length + (splat ? -2 : 0),
    );
}

interface Branch<R> {
  path: string;
  routes: R[];
  score: number;
  compiled: CompiledPath;
}

const joinPaths = (parent: string, path: string) =>
  path.startsWith('/') || parent === '' ? path : `${parent.replace(/\/+$/, '')}/${path}`;

function flatten<R extends { path?: string; children?: R[] }>(
  routes: readonly R[],
  branches: Branch<R>[] = [],
  parents: R[] = [],
  parentPath = '',
): Branch<R>[] {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, branches, chain, path);
    if (route.path !== undefined)
      branches.push({ path, routes: chain, score: scorePath(path), compiled: compilePath(path) });
  }
  return branches;
}

const ranked = new WeakMap<object, Branch<unknown>[]>();

function branchesOf<R extends { path?: string; children?: R[] }>(routes: readonly R[]): Branch<R>[] {
  let branches = ranked.get(routes) as Branch<R>[] | undefined;
  if (!branches) {
    // A stable sort: routes of the same score are tried in the table's order.
    branches = flatten(routes).sort((a, b) => b.score - a.score);
    ranked.set(routes, branches as Branch<unknown>[]);
  }
  return branches;
}

/** The routes an address shows, outermost first (null when none), as React Router's `matchRoutes`. */
export function matchRoutes<R extends { path?: string; children?: R[] }>(
  routes: readonly R[],
  pathname: string,
): RouteMatch<R>[] | null {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // An address that does not decode is matched as it is.
  }
  for (const branch of branchesOf(routes)) {
    const found = branch.compiled.regexp.exec(path);
    if (!found) continue;
    const params: Params = {};
    branch.compiled.names.forEach((name, index) => {
      const value = found[index + 1];
      params[name] = value === undefined ? undefined : decode(value);
    });
    return branch.routes.map((route) => ({ route, params, pathname }));
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Histories and routers

interface History {
  readonly location: Location;
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  go(delta: number): void;
  /** Called on every change of entry, the app's own and the browser's (back, forward). */
  listen(listener: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function browserHistory(): History {
  const listeners = new Set<() => void>();
  const read = (): Location => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  const changed = () => {
    location = read();
    listeners.forEach((listener) => listener());
  };
  window.addEventListener('popstate', changed);
  const write = (method: 'pushState' | 'replaceState', path: Path, state: unknown) => {
    const url = createPath(path);
    try {
      window.history[method]({ usr: state, key: newKey() }, '', url);
    } catch {
      // A state the browser cannot keep (or too many entries): a full page load, as React Router does.
      window.location[method === 'pushState' ? 'assign' : 'replace'](url);
      return;
    }
    changed();
  };
  return {
    get location() {
      return location;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function memoryHistory(initialEntries: readonly string[]): History {
  const listeners = new Set<() => void>();
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((entry, index) => ({
    ...parsePath(entry),
    state: null,
    key: index === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  const changed = () => listeners.forEach((listener) => listener());
  return {
    get location() {
      return entries[index]!;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, { ...path, state: state ?? null, key: newKey() });
      index = entries.length - 1;
      changed();
    },
    replace(path, state) {
      entries[index] = { ...path, state: state ?? null, key: newKey() };
      changed();
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      changed();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function staticHistory(path: Path): History {
  const refuse = () => {
    throw new Error('A page cannot navigate while it is rendered on the server (use <Navigate>)');
  };
  const location: Location = { ...path, state: null, key: 'default' };
  return { location, push: refuse, replace: refuse, go: refuse, listen: () => () => undefined };
}

export interface RouterState {
  location: Location;
  /** Errors by route id, shown by that route's error element: the page's error the server met, until the next navigation. */
  errors?: Record<string, unknown> | undefined;
}

/** The app's router: its routes, where it is, and how to go elsewhere (the tests read and drive it too). */
export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
}

function createRouter(routes: RouteObject[], history: History, errors?: Record<string, unknown>): Router {
  let state: RouterState = { location: history.location, errors };
  const listeners = new Set<(state: RouterState) => void>();
  history.listen(() => {
    // A navigation leaves the server's error behind, as React Router's did.
    state = { location: history.location };
    listeners.forEach((listener) => listener(state));
  });
  return {
    routes,
    get state() {
      return state;
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') history.go(to);
      else {
        const path = resolvePath(to, state.location.pathname);
        if (options.replace) history.replace(path, options.state);
        else history.push(path, options.state);
      }
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's router, on the tab's history; `errors` are the errors the server's page showed, by route id. */
export function createBrowserRouter(
  routes: RouteObject[],
  options: { errors?: Record<string, unknown> } = {},
) {
  return createRouter(routes, browserHistory(), options.errors);
}

/** A router in memory (the tests'), at the last of `initialEntries`. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}) {
  return createRouter(routes, memoryHistory(options.initialEntries ?? ['/']));
}

/** The server's router: one address, which it never leaves (a redirect is the response's). */
export function createStaticRouter(routes: RouteObject[], url: string, errors?: Record<string, unknown>) {
  return createRouter(routes, staticHistory(parsePath(url)), errors);
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering

interface Navigation {
  location: Location;
  matches: RouteMatch[];
  navigate: (to: string | number, options?: NavigateOptions) => Promise<void>;
  /** The address has moved on and the next page is not drawn yet (the one on screen stays until it is). */
  pending: boolean;
}

interface RouteLevel {
  params: Params;
  outlet: ReactNode;
}

const NavigationContext = createContext<Navigation | null>(null);
const RouteContext = createContext<RouteLevel>({ params: {}, outlet: null });
const RouteErrorContext = createContext<unknown>(undefined);

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('Routing is used outside the RouterProvider');
  return navigation;
}

interface BoundaryProps {
  location: Location;
  errorElement: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  location: Location;
}

/**
 * A route's error boundary: a page that fails to render is replaced by the route's error element, with the error
 * (`useRouteError`), until the next navigation.
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed to render', error, info.componentStack ?? '');
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        {this.props.errorElement}
      </RouteErrorContext.Provider>
    );
  }
}

function renderMatches(
  matches: readonly RouteMatch[],
  location: Location,
  errors: Record<string, unknown> | undefined,
  index = 0,
): ReactNode {
  const match = matches[index];
  if (!match) return null;
  const { route, params } = match;
  const error = route.id === undefined ? undefined : errors?.[route.id];
  if (error !== undefined && route.errorElement !== undefined) {
    return (
      <RouteContext.Provider value={{ params, outlet: null }}>
        <RouteErrorContext.Provider value={error}>{route.errorElement}</RouteErrorContext.Provider>
      </RouteContext.Provider>
    );
  }
  const outlet = renderMatches(matches, location, errors, index + 1);
  const content = (
    <RouteContext.Provider value={{ params, outlet }}>{route.element ?? outlet}</RouteContext.Provider>
  );
  if (route.errorElement === undefined) return content;
  return (
    <RouteErrorBoundary location={location} errorElement={route.errorElement}>
      {content}
    </RouteErrorBoundary>
  );
}

/** Draws the router's routes at its location; a navigation is a transition (the page stays until the next is ready). */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  const [pending, startNavigation] = useTransition();
  // As React Router's: subscribed before any page's effect can navigate.
  useLayoutEffect(() => router.subscribe((next) => startNavigation(() => setState(next))), [router]);
  const matches = useMemo(
    () => matchRoutes(router.routes, state.location.pathname) ?? [],
    [router.routes, state.location.pathname],
  );
  const navigate = useCallback(
    (to: string | number, options?: NavigateOptions) => router.navigate(to, options),
    [router],
  );
  const navigation = useMemo(
    () => ({ location: state.location, matches, navigate, pending }),
    [state.location, matches, navigate, pending],
  );
  return (
    <NavigationContext.Provider value={navigation}>
      {renderMatches(matches, state.location, state.errors)}
    </NavigationContext.Provider>
  );
}

/** Where the child route's element is drawn. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export interface RouteProps {
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of `<Routes>` (the tests' small route tables); it draws nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, element, children: nested } = child.props;
    routes.push({
      ...(path === undefined ? {} : { path }),
      ...(element === undefined ? {} : { element }),
      ...(nested === undefined ? {} : { children: routesOf(nested) }),
    });
  });
  return routes;
}

/** Draws the first of its `<Route>`s that matches the address (ranked as the router's own). */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useNavigation();
  const routes = useMemo(() => routesOf(children), [children]);
  const matches = matchRoutes(routes, location.pathname);
  return <>{matches ? renderMatches(matches, location, undefined) : null}</>;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks and links

export function useLocation(): Location {
  return useNavigation().location;
}

export function useParams<P extends Params = Params>(): P {
  return useContext(RouteContext).params as P;
}

/** The routes drawn, outermost first, with their `handle`. */
export function useMatches(): {
  id: string | undefined;
  pathname: string;
  params: Params;
  handle: unknown;
}[] {
  const { matches } = useNavigation();
  return useMemo(
    () =>
      matches.map(({ route, params, pathname }) => ({
        id: route.id,
        pathname,
        params,
        handle: route.handle,
      })),
    [matches],
  );
}

const holdSubmit = (event: FormEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * Props for the element the pages are drawn in: while the address has moved on and the next page is not drawn yet,
 * the page still on screen sends no form (a second press of Continue on a slow connection would post its step again,
 * or start a second application). Links and the rest of the page still work; the next page takes over when drawn.
 */
export function useFormsHeldWhileNavigating(): { onSubmitCapture?: (event: FormEvent) => void } {
  return useNavigation().pending ? { onSubmitCapture: holdSubmit } : {};
}

/** Goes to `to` (a path, or a number of entries back or forward): `navigate(path, { replace, state })`. */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  return useNavigation().navigate;
}

/** `to` resolved from the page's address. */
export function useResolvedPath(to: string): Path {
  const { pathname } = useLocation();
  return useMemo(() => resolvePath(to, pathname), [to, pathname]);
}

export type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];

/** The address's query, and a setter which goes to the same page with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location, navigate } = useNavigation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      void navigate(query ? `?${query}` : location.pathname, options);
    },
    [navigate, params, location.pathname],
  );
  return [params, setParams];
}

/** The error the nearest route's error element shows. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export interface NavigateProps {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** Goes to `to` once drawn (in the browser; lib/navigate.tsx makes it the server's redirect). */
export function Navigate({ to, replace, state }: NavigateProps) {
  const { navigate, location } = useNavigation();
  // Again at each new page, as React Router's did (its navigate changed with the path): a Navigate kept on screen
  // while the address moved to another page that draws it too (a signed-out guard) still sends the person on.
  const { pathname } = location;
  useEffect(() => {
    void navigate(to, { replace: Boolean(replace), state });
  }, [navigate, to, replace, state, pathname]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link within the service: a plain click goes there without a page load; a click with a modifier key, another
 * button, or to another window is the browser's own, and so is a link to another site.
 */
export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const { location, navigate } = useNavigation();
  const external = isExternal(to);
  const path = external ? undefined : resolvePath(to, location.pathname);
  const href = path ? createPath(path) : to;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      !path ||
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    // A link to the page on screen replaces its entry rather than add another, as React Router's did.
    void navigate(href, { replace: replace ?? createPath(location) === href, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={click} />;
}
