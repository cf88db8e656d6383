/**
 * The data-fetching hooks the web app's pages use (decision 0072): a small query cache of the service's own, with
 * the names, call shapes and behaviour of TanStack Query v5 that the pages rely on, and nothing more (issue 28: the
 * first-load budget). Queries are kept by the JSON of their key; a component reads one through
 * `useSyncExternalStore`; the server's render (decision 0038) records what it asked for and hands the answers over.
 */
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

export type QueryKey = readonly unknown[];
export type QueryStatus = 'pending' | 'error' | 'success';
export type FetchStatus = 'fetching' | 'idle';

export interface QueryState<TData = unknown, TError = Error> {
  data: TData | undefined;
  dataUpdatedAt: number;
  error: TError | null;
  errorUpdatedAt: number;
  fetchFailureCount: number;
  fetchStatus: FetchStatus;
  isInvalidated: boolean;
  status: QueryStatus;
}

export interface QueryFunctionContext<TKey extends QueryKey = QueryKey> {
  queryKey: TKey;
  signal: AbortSignal;
  client: QueryClient;
}

/** What a query is: its key, how it is asked for, how long its answer is fresh and kept, and its retries. */
export interface QueryOptions<TData = unknown, TError = Error, TKey extends QueryKey = QueryKey> {
  queryKey?: TKey;
  queryHash?: string;
  queryFn?: (context: QueryFunctionContext<TKey>) => TData | Promise<TData>;
  retry?: boolean | number | ((failureCount: number, error: TError) => boolean);
  retryDelay?: number | ((failureCount: number, error: TError) => number);
  staleTime?: number;
  gcTime?: number;
}

export interface UseQueryOptions<
  TData = unknown,
  TError = Error,
  TKey extends QueryKey = QueryKey,
> extends QueryOptions<TData, TError, TKey> {
  queryKey: TKey;
  enabled?: boolean | ((query: Query<TData, TError>) => boolean);
  refetchInterval?: number | false | ((query: Query<TData, TError>) => number | false | undefined);
  refetchIntervalInBackground?: boolean;
  refetchOnWindowFocus?: boolean | 'always';
  retryOnMount?: boolean;
  /** `keepPreviousData`: while a new key is asked for, the last answer is shown. */
  placeholderData?: (previous: TData | undefined) => TData | undefined;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- defaults apply to queries of any type */
type AnyQueryOptions = Partial<UseQueryOptions<any, any, any>>;
type AnyMutationOptions = Partial<UseMutationOptions<any, any, any, any>>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface DefaultOptions {
  queries?: AnyQueryOptions;
  mutations?: AnyMutationOptions;
}

export interface QueryFilters {
  queryKey?: QueryKey;
  exact?: boolean;
}

export interface InvalidateQueryFilters extends QueryFilters {
  /** Which of the invalidated queries are asked again now: those on screen (the default), all, or none. */
  refetchType?: 'active' | 'all' | 'none';
}

const isServer = typeof window === 'undefined';
const noop = () => undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === null || proto === Object.prototype;
}

/** The key as text: the JSON of the key, with each object's properties in order (so `{a,b}` is `{b,a}`). */
export function hashKey(queryKey: QueryKey): string {
  return JSON.stringify(queryKey, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value,
  );
}

/** Whether `key` starts with `prefix`: each of the prefix's items (and their properties) equal in the key. */
export function partialMatchKey(key: unknown, prefix: unknown): boolean {
  if (key === prefix) return true;
  if (typeof key !== typeof prefix) return false;
  if (key && prefix && typeof key === 'object' && typeof prefix === 'object') {
    return Object.keys(prefix).every((k) =>
      partialMatchKey((key as Record<string, unknown>)[k], (prefix as Record<string, unknown>)[k]),
    );
  }
  return false;
}

/**
 * A new answer, with every part equal to the old one's kept as the old part: an answer asked again that has not
 * changed is the same object, so nothing that depends on it is drawn or run again.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const array = Array.isArray(previous) && Array.isArray(next);
  if (!array && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const a = previous as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  const copy: Record<string, unknown> = array ? ([] as unknown as Record<string, unknown>) : {};
  let equal = 0;
  for (const key of bKeys) {
    const value = replaceEqualDeep(a[key], b[key]);
    copy[key] = value;
    if (value === a[key] && hasOwn(a, key)) equal += 1;
  }
  return (aKeys.length === bKeys.length && equal === aKeys.length ? previous : copy) as T;
}

function resolveEnabled<TData, TError>(
  enabled: UseQueryOptions<TData, TError>['enabled'],
  query: Query<TData, TError>,
): boolean {
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** Whether the page is in front: `visibilitychange` in the browser, or as a test sets it. */
export const focusManager = (() => {
  let focused: boolean | undefined;
  let listening = false;
  const listeners = new Set<(focused: boolean) => void>();
  const manager = {
    isFocused: (): boolean =>
      typeof focused === 'boolean' ? focused : globalThis.document?.visibilityState !== 'hidden',
    setFocused(value: boolean | undefined): void {
      if (focused === value) return;
      focused = value;
      manager.onFocus();
    },
    onFocus(): void {
      const now = manager.isFocused();
      for (const listener of [...listeners]) listener(now);
    },
    subscribe(listener: (focused: boolean) => void): () => void {
      if (!listening && !isServer) {
        listening = true;
        window.addEventListener('visibilitychange', () => manager.onFocus(), false);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return manager;
})();

/** Waits until the page is in front (a retry is not made behind it). */
const whenFocused = () =>
  new Promise<void>((resolve) => {
    if (focusManager.isFocused()) return resolve();
    const stop = focusManager.subscribe((focused) => {
      if (focused) {
        stop();
        resolve();
      }
    });
  });

interface Watcher {
  options: { enabled?: unknown };
}

/** One query: its state, the components watching it, and the one fetch under way. */
export class Query<TData = unknown, TError = Error> {
  state: QueryState<TData, TError>;
  options!: UseQueryOptions<TData, TError>;
  gcTime = 0;
  private readonly watchers = new Set<Watcher>();
  private readonly listeners = new Set<() => void>();
  private promise: Promise<TData> | undefined;
  private fetchId = 0;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: QueryClient,
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    options: UseQueryOptions<TData, TError>,
    state?: QueryState<TData, TError>,
  ) {
    this.state = state ?? {
      data: undefined,
      dataUpdatedAt: 0,
      error: null,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchStatus: 'idle',
      isInvalidated: false,
      status: 'pending',
    };
    this.setOptions(options);
    this.scheduleGc();
  }

  /** The latest options it was asked with; it is kept for the longest time any of them gave. */
  setOptions(options: UseQueryOptions<TData, TError>): void {
    this.options = options;
    this.gcTime = Math.max(this.gcTime, options.gcTime ?? (isServer ? Infinity : 5 * 60_000));
  }

  setState(patch: Partial<QueryState<TData, TError>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  setData(data: TData, patch?: Partial<QueryState<TData, TError>>): TData {
    const next = replaceEqualDeep(this.state.data, data);
    this.setState({
      ...patch,
      data: next,
      dataUpdatedAt: Date.now(),
      error: null,
      isInvalidated: false,
      status: 'success',
    });
    return next;
  }

  isStale(staleTime = 0): boolean {
    const { data, isInvalidated, dataUpdatedAt } = this.state;
    return data === undefined || isInvalidated || dataUpdatedAt + staleTime <= Date.now();
  }

  /** Watched by a component that would ask for it. */
  isActive(): boolean {
    return [...this.watchers].some((watcher) => watcher.options.enabled !== false);
  }

  watch(watcher: Watcher, listener: () => void): () => void {
    this.watchers.add(watcher);
    this.listeners.add(listener);
    clearTimeout(this.gcTimer);
    return () => {
      this.watchers.delete(watcher);
      this.listeners.delete(listener);
      this.scheduleGc();
    };
  }

  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    if (this.watchers.size > 0 || !Number.isFinite(this.gcTime)) return;
    this.gcTimer = setTimeout(() => {
      if (this.watchers.size === 0 && this.state.fetchStatus === 'idle')
        this.client.getQueryCache().remove(this as unknown as Query<unknown, unknown>);
    }, this.gcTime);
  }

  /** Stops it: a fetch under way no longer writes its answer. */
  destroy(): void {
    clearTimeout(this.gcTimer);
    this.fetchId += 1;
    this.promise = undefined;
  }

  /**
   * Asks for it, with its retries; a fetch already under way is shared, unless `again` and there is an answer
   * (an invalidated query is asked afresh, and the older fetch's answer is dropped).
   */
  fetch(options?: UseQueryOptions<TData, TError>, again = false): Promise<TData> {
    if (options) this.setOptions(options);
    if (this.promise && !(again && this.state.data !== undefined)) return this.promise;
    const { queryFn, retry, retryDelay } = this.options;
    if (!queryFn) return Promise.reject(new Error(`Missing queryFn: '${this.queryHash}'`));
    const id = ++this.fetchId;
    const current = () => id === this.fetchId;
    const context = {
      queryKey: this.queryKey,
      signal: new AbortController().signal,
      client: this.client,
    } as QueryFunctionContext;
    this.setState({
      fetchStatus: 'fetching',
      fetchFailureCount: 0,
      ...(this.state.data === undefined ? { error: null, status: 'pending' as const } : {}),
    });
    const attempt = async (failureCount: number): Promise<TData> => {
      try {
        return await queryFn(context);
      } catch (error) {
        const failed = error as TError;
        const policy = retry ?? (isServer ? 0 : 3);
        const again =
          typeof policy === 'function'
            ? policy(failureCount, failed)
            : policy === true || (typeof policy === 'number' && failureCount < policy);
        if (!current() || !again) throw error;
        const delay =
          typeof retryDelay === 'function'
            ? retryDelay(failureCount, failed)
            : (retryDelay ?? Math.min(1000 * 2 ** failureCount, 30_000));
        this.setState({ fetchFailureCount: failureCount + 1 });
        await sleep(delay);
        await whenFocused();
        return attempt(failureCount + 1);
      }
    };
    const promise = attempt(0).then(
      (data) => {
        if (!current()) return data;
        this.promise = undefined;
        const next = this.setData(data, { fetchStatus: 'idle', fetchFailureCount: 0 });
        this.scheduleGc();
        return next;
      },
      (error: unknown) => {
        if (current()) {
          this.promise = undefined;
          this.setState({
            error: error as TError,
            errorUpdatedAt: Date.now(),
            fetchFailureCount: this.state.fetchFailureCount + 1,
            fetchStatus: 'idle',
            status: 'error',
          });
          this.scheduleGc();
        }
        throw error;
      },
    );
    this.promise = promise;
    return promise;
  }
}

/** The queries, by the text of their keys. */
export class QueryCache {
  private readonly queries = new Map<string, Query<unknown, unknown>>();

  get<TData = unknown, TError = Error>(queryHash: string): Query<TData, TError> | undefined {
    return this.queries.get(queryHash) as Query<TData, TError> | undefined;
  }

  getAll(): Query<unknown, unknown>[] {
    return [...this.queries.values()];
  }

  findAll({ queryKey, exact }: QueryFilters = {}): Query<unknown, unknown>[] {
    if (!queryKey) return this.getAll();
    const hash = hashKey(queryKey);
    return this.getAll().filter((query) =>
      exact ? query.queryHash === hash : partialMatchKey(query.queryKey, queryKey),
    );
  }

  /** The query of these (defaulted) options, made if it is not kept. */
  build<TData, TError>(
    client: QueryClient,
    options: UseQueryOptions<TData, TError>,
    state?: QueryState<TData, TError>,
  ): Query<TData, TError> {
    const hash = options.queryHash ?? hashKey(options.queryKey);
    let query = this.get<TData, TError>(hash);
    if (!query) {
      query = new Query(client, options.queryKey, hash, options, state);
      this.queries.set(hash, query as Query<unknown, unknown>);
    }
    return query;
  }

  remove(query: Query<unknown, unknown>): void {
    if (this.queries.get(query.queryHash) !== query) return;
    query.destroy();
    this.queries.delete(query.queryHash);
  }

  clear(): void {
    for (const query of this.getAll()) this.remove(query);
  }
}

/** The app's query cache with its defaults. */
export class QueryClient {
  private readonly queryCache = new QueryCache();
  private defaultOptions: DefaultOptions;
  /**
   * The server's render (entry-server.tsx): a component whose query has no answer yet suspends until it has one,
   * so React draws the page in one pass and repeats only the parts that waited. In the browser a pending query is
   * shown as pending.
   */
  readonly suspendWhilePending: boolean;

  constructor(config: { defaultOptions?: DefaultOptions; suspendWhilePending?: boolean } = {}) {
    this.defaultOptions = config.defaultOptions ?? {};
    this.suspendWhilePending = config.suspendWhilePending ?? false;
  }

  getQueryCache(): QueryCache {
    return this.queryCache;
  }

  getDefaultOptions(): DefaultOptions {
    return this.defaultOptions;
  }

  setDefaultOptions(options: DefaultOptions): void {
    this.defaultOptions = options;
  }

  /** A query's options with the client's defaults under them, and the text of its key. */
  defaultQueryOptions<TData, TError, TKey extends QueryKey>(
    options: QueryOptions<TData, TError, TKey> | UseQueryOptions<TData, TError, TKey>,
  ): UseQueryOptions<TData, TError> & { queryHash: string } {
    const defaulted = { ...this.defaultOptions.queries, ...options } as UseQueryOptions<TData, TError>;
    return { ...defaulted, queryHash: defaulted.queryHash ?? hashKey(defaulted.queryKey) };
  }

  getQueryData<TData = unknown>(queryKey: QueryKey): TData | undefined {
    return this.queryCache.get<TData>(hashKey(queryKey))?.state.data;
  }

  /** Puts an answer in the cache (an updater given the old one; `undefined` from it changes nothing). */
  setQueryData<TData = unknown>(
    queryKey: QueryKey,
    updater: TData | undefined | ((old: TData | undefined) => TData | undefined),
  ): TData | undefined {
    const options = this.defaultQueryOptions<TData, Error, QueryKey>({ queryKey });
    const old = this.queryCache.get<TData>(options.queryHash)?.state.data;
    const data =
      typeof updater === 'function'
        ? (updater as (old: TData | undefined) => TData | undefined)(old)
        : updater;
    if (data === undefined) return undefined;
    return this.queryCache.build(this, options).setData(data);
  }

  /** The answer, asked for unless a fresh one is kept (no retry unless the options say). */
  fetchQuery<TData, TError = Error, TKey extends QueryKey = QueryKey>(
    options: QueryOptions<TData, TError, TKey> & { queryKey: TKey },
  ): Promise<TData> {
    const defaulted = this.defaultQueryOptions(options);
    if (defaulted.retry === undefined) defaulted.retry = false;
    const query = this.queryCache.build(this, defaulted);
    return query.isStale(defaulted.staleTime)
      ? query.fetch(defaulted)
      : Promise.resolve(query.state.data as TData);
  }

  prefetchQuery<TData, TError = Error, TKey extends QueryKey = QueryKey>(
    options: QueryOptions<TData, TError, TKey> & { queryKey: TKey },
  ): Promise<void> {
    return this.fetchQuery(options).then(noop, noop);
  }

  /** Marks the queries under a key stale, and asks again for those on screen (or as `refetchType` says). */
  invalidateQueries(filters: InvalidateQueryFilters = {}): Promise<void> {
    const queries = this.queryCache.findAll(filters);
    for (const query of queries) query.setState({ isInvalidated: true });
    const type = filters.refetchType ?? 'active';
    if (type === 'none') return Promise.resolve();
    return Promise.all(
      queries
        .filter((query) => query.isActive() || (type === 'all' && query.options.enabled !== false))
        .map((query) => query.fetch(undefined, true).catch(noop)),
    ).then(noop);
  }

  removeQueries(filters: QueryFilters = {}): void {
    for (const query of this.queryCache.findAll(filters)) this.queryCache.remove(query);
  }

  clear(): void {
    this.queryCache.clear();
  }
}

const ClientContext = createContext<QueryClient | undefined>(undefined);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}

/** For `placeholderData`: while a new key is asked for, the last answer stays on screen. */
export function keepPreviousData<T>(previousData: T | undefined): T | undefined {
  return previousData;
}

interface QueryResultBase {
  fetchStatus: FetchStatus;
  isFetching: boolean;
  isLoading: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  failureCount: number;
  refetch: () => Promise<unknown>;
}

export type UseQueryResult<TData = unknown, TError = Error> = QueryResultBase &
  (
    | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
    | {
        status: 'error';
        isPending: false;
        isError: true;
        isSuccess: false;
        data: TData | undefined;
        error: TError;
      }
    | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: TData; error: null }
  );

/** One component's view of a query: whether it asks on mount or on a new key, its timers, its last answer. */
class QueryObserver<TData, TError> {
  options: UseQueryOptions<TData, TError> = { queryKey: [] };
  /** The query and whether it was enabled at the last commit (none before the first). */
  private seen: { query: Query<TData, TError>; enabled: boolean } | undefined;
  private lastWithData: Query<TData, TError> | undefined;
  private result: UseQueryResult<TData, TError> | undefined;
  private timer: { id?: ReturnType<typeof setInterval>; key: unknown[] } | undefined;
  private stopFocus: (() => void) | undefined;
  private query: Query<TData, TError> | undefined;

  /** Whether the query is asked for when this render is committed: on mount, or for a new key or once enabled. */
  private willFetch(
    query: Query<TData, TError>,
    options: UseQueryOptions<TData, TError>,
    enabled: boolean,
  ): boolean {
    if (!enabled) return false;
    const { state } = query;
    if (!this.seen) {
      return state.data === undefined
        ? !(state.status === 'error' && options.retryOnMount === false)
        : query.isStale(options.staleTime);
    }
    return (this.seen.query !== query || !this.seen.enabled) && query.isStale(options.staleTime);
  }

  getResult(
    query: Query<TData, TError>,
    options: UseQueryOptions<TData, TError>,
  ): UseQueryResult<TData, TError> {
    const { state } = query;
    let { status, data, error, fetchStatus } = state;
    if (fetchStatus === 'idle' && this.willFetch(query, options, resolveEnabled(options.enabled, query))) {
      fetchStatus = 'fetching';
      if (data === undefined) {
        status = 'pending';
        error = null;
      }
    }
    if (state.data !== undefined) this.lastWithData = query;
    let isPlaceholderData = false;
    if (status === 'pending' && data === undefined && options.placeholderData) {
      data = options.placeholderData(this.lastWithData?.state.data);
      if (data !== undefined) {
        status = 'success';
        isPlaceholderData = true;
      }
    }
    this.query = query;
    const next = {
      status,
      fetchStatus,
      data,
      error,
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
      isFetching: fetchStatus === 'fetching',
      isLoading: status === 'pending' && fetchStatus === 'fetching',
      isPlaceholderData,
      dataUpdatedAt: state.dataUpdatedAt,
      errorUpdatedAt: state.errorUpdatedAt,
      failureCount: state.fetchFailureCount,
      refetch: this.refetch,
    } as UseQueryResult<TData, TError>;
    const last = this.result as Record<string, unknown> | undefined;
    if (!last || Object.entries(next).some(([key, value]) => last[key] !== value)) this.result = next;
    return this.result!;
  }

  refetch = (): Promise<unknown> => this.query?.fetch(undefined, true).catch(noop) ?? Promise.resolve();

  /** After a commit: asks for the query if this render said it would, and sets the polling and focus timers. */
  commit(query: Query<TData, TError>, options: UseQueryOptions<TData, TError>): void {
    const enabled = resolveEnabled(options.enabled, query);
    this.options = { ...options, enabled };
    if (this.willFetch(query, options, enabled)) query.fetch(options).catch(noop);
    this.seen = { query, enabled };
    const interval =
      typeof options.refetchInterval === 'function'
        ? options.refetchInterval(query)
        : options.refetchInterval;
    const key = [query, query.state, enabled, interval];
    if (!this.timer || key.some((value, index) => value !== this.timer!.key[index])) {
      clearInterval(this.timer?.id);
      this.timer = { key };
      if (enabled && typeof interval === 'number' && interval > 0 && Number.isFinite(interval)) {
        this.timer.id = setInterval(() => {
          if (this.options.refetchIntervalInBackground || focusManager.isFocused())
            query.fetch(options).catch(noop);
        }, interval);
      }
    }
    this.stopFocus?.();
    this.stopFocus = options.refetchOnWindowFocus
      ? focusManager.subscribe((focused) => {
          if (
            focused &&
            this.options.enabled &&
            (options.refetchOnWindowFocus === 'always' || query.isStale(options.staleTime))
          )
            query.fetch(options).catch(noop);
        })
      : undefined;
  }

  stop(): void {
    clearInterval(this.timer?.id);
    this.timer = undefined;
    this.stopFocus?.();
    this.stopFocus = undefined;
  }
}

export function useQuery<TData = unknown, TError = Error, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, TError, TKey>,
): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  const query = client.getQueryCache().build(client, defaulted);
  query.setOptions(defaulted);
  const [observer] = useState(() => new QueryObserver<TData, TError>());
  const subscribe = useMemo(
    () => (onChange: () => void) => query.watch(observer, onChange),
    [query, observer],
  );
  const state = () => query.state;
  useSyncExternalStore(subscribe, state, state);
  useEffect(() => observer.commit(query, defaulted));
  useEffect(() => () => observer.stop(), [observer]);
  if (
    client.suspendWhilePending &&
    query.state.status === 'pending' &&
    defaulted.queryFn &&
    resolveEnabled(defaulted.enabled, query)
  )
    // React renders this component again once the answer (or the error) is in (the promise never rejects).
    throw client.prefetchQuery(defaulted as QueryOptions<TData, TError> & { queryKey: QueryKey });
  return observer.getResult(query, defaulted);
}

export interface MutateOptions<TData, TError, TVariables, TContext> {
  onSuccess?: (data: TData, variables: TVariables, context: TContext | undefined) => unknown;
  onError?: (error: TError, variables: TVariables, context: TContext | undefined) => unknown;
  onSettled?: (
    data: TData | undefined,
    error: TError | null,
    variables: TVariables,
    context: TContext | undefined,
  ) => unknown;
}

export interface UseMutationOptions<
  TData = unknown,
  TError = Error,
  TVariables = void,
  TContext = unknown,
> extends MutateOptions<TData, TError, TVariables, TContext> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onMutate?: (variables: TVariables) => TContext | Promise<TContext>;
}

interface MutationStateBase {
  failureCount: number;
  submittedAt: number;
}

export type MutationState<TData = unknown, TError = Error, TVariables = void> = MutationStateBase &
  (
    | { status: 'idle'; data: undefined; error: null; variables: undefined }
    | { status: 'pending'; data: undefined; error: null; variables: TVariables }
    | { status: 'error'; data: undefined; error: TError; variables: TVariables }
    | { status: 'success'; data: TData; error: null; variables: TVariables }
  );

export type UseMutationResult<
  TData = unknown,
  TError = Error,
  TVariables = void,
  TContext = unknown,
> = MutationState<TData, TError, TVariables> & {
  isIdle: boolean;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  mutate: (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void;
  mutateAsync: (
    variables: TVariables,
    options?: MutateOptions<TData, TError, TVariables, TContext>,
  ) => Promise<TData>;
  reset: () => void;
};

const idle = {
  status: 'idle',
  data: undefined,
  error: null,
  variables: undefined,
  failureCount: 0,
  submittedAt: 0,
} as const;

/**
 * One component's mutation: only its latest call shows, and only that call's own callbacks run, after the
 * mutation's own (each awaited) and only while the component is on screen.
 */
class MutationObserver<TData, TError, TVariables, TContext> {
  options!: UseMutationOptions<TData, TError, TVariables, TContext>;
  state: MutationState<TData, TError, TVariables> = idle;
  private readonly listeners = new Set<() => void>();
  private id = 0;

  private set(state: MutationState<TData, TError, TVariables>): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  setOptions(options: UseMutationOptions<TData, TError, TVariables, TContext>): void {
    this.options = options;
  }

  reset = (): void => {
    this.id += 1;
    this.set(idle);
  };

  mutateAsync = async (
    variables: TVariables,
    callbacks?: MutateOptions<TData, TError, TVariables, TContext>,
  ): Promise<TData> => {
    const id = ++this.id;
    const { mutationFn, onMutate, onSuccess, onError, onSettled } = this.options;
    const base = { variables, failureCount: 0, submittedAt: Date.now() };
    this.set({ ...base, status: 'pending', data: undefined, error: null });
    const mine = () => id === this.id;
    const shown = () => mine() && this.listeners.size > 0;
    let context: TContext | undefined;
    try {
      context = await onMutate?.(variables);
      const data = await mutationFn(variables);
      await onSuccess?.(data, variables, context);
      await onSettled?.(data, null, variables, context);
      if (mine()) this.set({ ...base, status: 'success', data, error: null });
      if (shown()) {
        callbacks?.onSuccess?.(data, variables, context);
        callbacks?.onSettled?.(data, null, variables, context);
      }
      return data;
    } catch (caught) {
      const error = caught as TError;
      try {
        await onError?.(error, variables, context);
        await onSettled?.(undefined, error, variables, context);
      } finally {
        if (mine()) this.set({ ...base, failureCount: 1, status: 'error', data: undefined, error });
        if (shown()) {
          callbacks?.onError?.(error, variables, context);
          callbacks?.onSettled?.(undefined, error, variables, context);
        }
      }
      throw error;
    }
  };

  mutate = (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>): void => {
    this.mutateAsync(variables, callbacks).catch(noop);
  };
}

export function useMutation<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const client = useQueryClient();
  const [observer] = useState(() => {
    const made = new MutationObserver<TData, TError, TVariables, TContext>();
    made.options = { ...client.getDefaultOptions().mutations, ...options };
    return made;
  });
  useEffect(() => observer.setOptions({ ...client.getDefaultOptions().mutations, ...options }));
  const state = useSyncExternalStore(observer.subscribe, observer.getState, observer.getState);
  return useMemo(
    () => ({
      ...state,
      isIdle: state.status === 'idle',
      isPending: state.status === 'pending',
      isError: state.status === 'error',
      isSuccess: state.status === 'success',
      mutate: observer.mutate,
      mutateAsync: observer.mutateAsync,
      reset: observer.reset,
    }),
    [state, observer],
  );
}

export interface DehydratedQuery {
  queryKey: QueryKey;
  queryHash: string;
  state: QueryState;
}

/** The cache's answers as plain data, for the page's state (decision 0038). */
export interface DehydratedState {
  mutations: unknown[];
  queries: DehydratedQuery[];
}

export function dehydrate(
  client: QueryClient,
  options: { shouldDehydrateQuery?: (query: Query<unknown, unknown>) => boolean } = {},
): DehydratedState {
  const should = options.shouldDehydrateQuery ?? ((query) => query.state.status === 'success');
  return {
    mutations: [],
    queries: client
      .getQueryCache()
      .getAll()
      .filter(should)
      .map((query) => ({
        queryKey: query.queryKey,
        queryHash: query.queryHash,
        state: { ...query.state } as QueryState,
      })),
  };
}

/** Puts the server's answers in the cache (a newer answer already kept stays). */
export function hydrate(client: QueryClient, state: DehydratedState | undefined): void {
  for (const { queryKey, queryHash, state: sent } of state?.queries ?? []) {
    const cache = client.getQueryCache();
    const kept = cache.get(queryHash);
    if (kept) {
      if (kept.state.dataUpdatedAt < sent.dataUpdatedAt)
        kept.setState({ ...sent, fetchStatus: kept.state.fetchStatus });
      continue;
    }
    cache.build(
      client,
      { queryKey, queryHash },
      { ...sent, fetchStatus: 'idle', status: sent.data !== undefined ? 'success' : sent.status },
    );
  }
}
