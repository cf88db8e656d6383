import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { receiveQueries, sendQueries } from './page-state';
import {
  type DehydratedState,
  hashKey,
  hydrate,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  replaceEqualDeep,
  useMutation,
  useQuery,
} from './query';
import { createQueryClient } from './query-client';
import { renderToHtml } from './render-to-html';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the query cache', () => {
  it('keys queries by the JSON of their key, whatever the order of an object’s properties', () => {
    expect(hashKey(['a', { x: 1, y: 2 }])).toBe(hashKey(['a', { y: 2, x: 1 }]));
    expect(hashKey(['a', 1])).not.toBe(hashKey(['a', '1']));
  });

  it('asks once for a query asked for twice at the same time', async () => {
    const client = new QueryClient();
    const asked = deferred<string>();
    const queryFn = vi.fn(() => asked.promise);
    const first = client.fetchQuery({ queryKey: ['a'], queryFn });
    const second = client.fetchQuery({ queryKey: ['a'], queryFn });
    asked.resolve('answer');
    expect(await first).toBe('answer');
    expect(await second).toBe('answer');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('components on the same key share one fetch', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'answer');
    const { result } = renderHook(
      () => [useQuery({ queryKey: ['a'], queryFn }), useQuery({ queryKey: ['a'], queryFn })] as const,
      { wrapper: wrapperFor(client) },
    );
    expect(result.current[0].isPending).toBe(true);
    expect(result.current[0].isFetching).toBe(true);
    await waitFor(() => expect(result.current[1].data).toBe('answer'));
    expect(result.current[0].isSuccess).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for an answer within its staleTime, and does after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = new QueryClient();
    const queryFn = vi.fn(async () => 'answer');
    await client.fetchQuery({ queryKey: ['a'], queryFn, staleTime: 1000 });
    await client.fetchQuery({ queryKey: ['a'], queryFn, staleTime: 1000 });
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1000);
    await client.fetchQuery({ queryKey: ['a'], queryFn, staleTime: 1000 });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('invalidates by prefix: those on screen are asked again, the others when next shown', async () => {
    const client = createQueryClient();
    let answer = 1;
    const shown = vi.fn(async () => answer);
    const hidden = vi.fn(async () => answer);
    const other = vi.fn(async () => answer);
    await client.fetchQuery({ queryKey: ['applications', 'hidden'], queryFn: hidden });
    await client.fetchQuery({ queryKey: ['results'], queryFn: other });
    const { result } = renderHook(
      () => useQuery({ queryKey: ['applications', { page: 1 }], queryFn: shown }),
      {
        wrapper: wrapperFor(client),
      },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    answer = 2;
    await act(() => client.invalidateQueries({ queryKey: ['applications'] }));
    expect(result.current.data).toBe(2);
    expect(shown).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
    expect(client.getQueryCache().findAll({ queryKey: ['applications'] })[0]!.state.isInvalidated).toBe(true);
    expect(client.getQueryCache().findAll({ queryKey: ['results'] })[0]!.state.isInvalidated).toBe(false);
    // Marked stale, asked again when next wanted.
    await client.fetchQuery({ queryKey: ['applications', 'hidden'], queryFn: hidden, staleTime: Infinity });
    expect(hidden).toHaveBeenCalledTimes(2);
  });

  it('refetchType none only marks them stale', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 1);
    const { result } = renderHook(() => useQuery({ queryKey: ['result', 'r1'], queryFn }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(() => client.invalidateQueries({ queryKey: ['result'], refetchType: 'none' }));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('retries a network failure or a server error twice, a refusal never (the app’s retry policy)', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const serverError = vi.fn(async () => {
      throw new ApiError(503, {});
    });
    const refused = vi.fn(async () => {
      throw new ApiError(404, {});
    });
    const failing = client.fetchQuery({ queryKey: ['a'], queryFn: serverError, retry: undefined });
    const failed = expect(failing).rejects.toBeInstanceOf(ApiError);
    // fetchQuery does not retry unless told; the app's default is used by components.
    await failed;
    expect(serverError).toHaveBeenCalledTimes(1);

    const defaults = client.getDefaultOptions().queries!;
    const query = client.getQueryCache().build(client, client.defaultQueryOptions({ queryKey: ['b'] }));
    const retried = query
      .fetch({ ...defaults, queryKey: ['b'], queryFn: serverError })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(serverError).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(serverError).toHaveBeenCalledTimes(3);
    expect(query.state.fetchFailureCount).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await retried).toBeInstanceOf(ApiError);
    expect(serverError).toHaveBeenCalledTimes(4);
    expect(query.state.status).toBe('error');

    const refusal = client.getQueryCache().build(client, client.defaultQueryOptions({ queryKey: ['c'] }));
    await refusal.fetch({ ...defaults, queryKey: ['c'], queryFn: refused }).catch(() => undefined);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refusal.state.error).toBeInstanceOf(ApiError);
  });

  it('does not ask for a query that is not enabled, and asks once it is', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'answer');
    const { result, rerender } = renderHook(
      ({ enabled }) => useQuery({ queryKey: ['a'], queryFn, enabled }),
      { wrapper: wrapperFor(client), initialProps: { enabled: false } },
    );
    expect(result.current.isPending).toBe(true);
    expect(result.current.isFetching).toBe(false);
    expect(queryFn).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('keepPreviousData shows the last answer while a new key is asked for', async () => {
    const client = createQueryClient();
    const pages = new Map<number, ReturnType<typeof deferred<string>>>([
      [1, deferred<string>()],
      [2, deferred<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ page }) =>
        useQuery({
          queryKey: ['list', page],
          queryFn: () => pages.get(page)!.promise,
          placeholderData: keepPreviousData,
        }),
      { wrapper: wrapperFor(client), initialProps: { page: 1 } },
    );
    expect(result.current.isPending).toBe(true);
    await act(async () => pages.get(1)!.resolve('page 1'));
    expect(result.current.data).toBe('page 1');
    rerender({ page: 2 });
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.isFetching).toBe(true);
    expect(result.current.data).toBe('page 1');
    await act(async () => pages.get(2)!.resolve('page 2'));
    expect(result.current.data).toBe('page 2');
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it('keeps an unchanged answer as the same object', () => {
    const old = { a: [1, { b: 2 }], c: { d: 3 } };
    const same = replaceEqualDeep(old, { a: [1, { b: 2 }], c: { d: 3 } });
    expect(same).toBe(old);
    const changed = replaceEqualDeep(old, { a: [1, { b: 2 }], c: { d: 4 } });
    expect(changed).not.toBe(old);
    expect(changed.a).toBe(old.a);
    expect(changed).toEqual({ a: [1, { b: 2 }], c: { d: 4 } });
  });

  it('setQueryData puts an answer, an updater given the old one (undefined changes nothing)', () => {
    const client = createQueryClient();
    expect(client.setQueryData<{ n: number }>(['a'], (old) => old && { n: old.n + 1 })).toBeUndefined();
    expect(client.getQueryCache().get(hashKey(['a']))).toBeUndefined();
    client.setQueryData(['a'], { n: 1 });
    client.setQueryData<{ n: number }>(['a'], (old) => old && { n: old.n + 1 });
    expect(client.getQueryData(['a'])).toEqual({ n: 2 });
    client.removeQueries({ queryKey: ['a'] });
    expect(client.getQueryData(['a'])).toBeUndefined();
  });

  it('a query no longer on screen is dropped after its gcTime', async () => {
    const client = createQueryClient();
    const { result, unmount } = renderHook(
      () => useQuery({ queryKey: ['once'], queryFn: async () => 1, gcTime: 0 }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    unmount();
    await waitFor(() => expect(client.getQueryData(['once'])).toBeUndefined());
  });

  it('polls at refetchInterval until the function says stop', async () => {
    const client = createQueryClient();
    const answers = ['AWAITING', 'AWAITING', 'PROCESSED'];
    const queryFn = vi.fn(async () => answers.shift() ?? 'PROCESSED');
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ['batch'],
          queryFn,
          refetchInterval: (query) => (query.state.data === 'PROCESSED' ? false : 20),
        }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.data).toBe('PROCESSED'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });
});

describe('mutations', () => {
  it('goes idle, pending, success, running its own callbacks then the call’s', async () => {
    const client = createQueryClient();
    const order: string[] = [];
    const sent = deferred<string>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: (name: string) => {
            order.push(`fn ${name}`);
            return sent.promise;
          },
          onSuccess: async (data) => {
            order.push(`onSuccess ${data}`);
          },
          onSettled: () => order.push('onSettled'),
        }),
      { wrapper: wrapperFor(client) },
    );
    expect(result.current.isIdle).toBe(true);
    act(() =>
      result.current.mutate('x', {
        onSuccess: (data) => order.push(`call onSuccess ${data}`),
        onSettled: () => order.push('call onSettled'),
      }),
    );
    expect(result.current.isPending).toBe(true);
    expect(result.current.variables).toBe('x');
    await act(async () => sent.resolve('done'));
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toBe('done');
    expect(order).toEqual(['fn x', 'onSuccess done', 'onSettled', 'call onSuccess done', 'call onSettled']);
    act(() => result.current.reset());
    expect(result.current.isIdle).toBe(true);
    expect(result.current.data).toBeUndefined();
  });

  it('an error: isError with the error, onError, and mutateAsync rejects', async () => {
    const client = createQueryClient();
    const onError = vi.fn();
    const callError = vi.fn();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async () => {
            throw new ApiError(400, {});
          },
          onError,
        }),
      { wrapper: wrapperFor(client) },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(undefined, { onError: callError })).rejects.toBeInstanceOf(
        ApiError,
      );
    });
    expect(result.current.isError).toBe(true);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(callError).toHaveBeenCalledTimes(1);
  });

  it('only the latest call shows and runs its callbacks', async () => {
    const client = createQueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const { result } = renderHook(() => useMutation({ mutationFn: () => answers[call++]!.promise }), {
      wrapper: wrapperFor(client),
    });
    const first = vi.fn();
    const second = vi.fn();
    act(() => result.current.mutate(undefined, { onSuccess: first }));
    act(() => result.current.mutate(undefined, { onSuccess: second }));
    await act(async () => answers[1]!.resolve('second'));
    await act(async () => answers[0]!.resolve('first'));
    expect(result.current.data).toBe('second');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('second', undefined, undefined);
  });
});

describe('the server’s answers handed to the browser', () => {
  it('round-trips answers and errors, and the browser does not ask again for them', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    await server.prefetchQuery({ queryKey: ['user'], queryFn: async () => ({ id: 'u1' }) });
    await server.prefetchQuery({
      queryKey: ['result', 'r1'],
      queryFn: async () => {
        throw new ApiError(404, { message: 'Not found' });
      },
    });
    server.getQueryCache().build(server, server.defaultQueryOptions({ queryKey: ['never'] }));
    const sent = JSON.parse(JSON.stringify(sendQueries(server))) as DehydratedState;
    expect(sent.queries.map((query) => query.queryKey)).toEqual([['user'], ['result', 'r1']]);
    // The server's cache is not changed by sending it.
    expect(server.getQueryCache().get(hashKey(['result', 'r1']))!.state.error).toBeInstanceOf(ApiError);

    const browser = createQueryClient();
    hydrate(browser, receiveQueries(sent));
    expect(browser.getQueryData(['user'])).toEqual({ id: 'u1' });
    const failed = browser.getQueryCache().get(hashKey(['result', 'r1']))!;
    expect(failed.state.status).toBe('error');
    expect(failed.state.error).toBeInstanceOf(ApiError);
    expect((failed.state.error as ApiError).status).toBe(404);

    // Taken over with retryOnMount off: neither is asked for, and the page draws what the server drew.
    const defaults = browser.getDefaultOptions();
    browser.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
    const user = vi.fn(async () => ({ id: 'u1' }));
    const result = vi.fn(async () => 'never');
    const { result: hook } = renderHook(
      () => [
        useQuery({ queryKey: ['user'], queryFn: user }),
        useQuery({ queryKey: ['result', 'r1'], queryFn: result }),
      ],
      { wrapper: wrapperFor(browser) },
    );
    expect(hook.current[0]!.isSuccess).toBe(true);
    expect(hook.current[0]!.isFetching).toBe(false);
    expect(hook.current[1]!.isError).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(user).not.toHaveBeenCalled();
    expect(result).not.toHaveBeenCalled();
  });

  it('a page drawn on the server is taken over in the browser as drawn, without asking again', async () => {
    const user = vi.fn(async () => ({ name: 'Ann' }));
    const refused = vi.fn(async (): Promise<string> => {
      throw new ApiError(404, {});
    });
    const never = vi.fn(async () => 'never');
    function Page() {
      const person = useQuery({ queryKey: ['user'], queryFn: user });
      const result = useQuery({ queryKey: ['result', 'x'], queryFn: refused, retry: false });
      const off = useQuery({ queryKey: ['off'], queryFn: never, enabled: false });
      const text = [
        person.isPending ? 'loading' : person.data?.name,
        result.isError ? 'not found' : result.isPending ? 'loading' : result.data,
        off.isPending ? 'off' : 'on',
        person.isFetching ? 'fetching' : 'idle',
      ].join(' ');
      return <p>{text}</p>;
    }
    const server = new QueryClient({
      defaultOptions: {
        queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity },
      },
    });
    await server.prefetchQuery({ queryKey: ['user'], queryFn: user });
    await server.prefetchQuery({ queryKey: ['result', 'x'], queryFn: refused });
    const html = renderToString(
      <QueryClientProvider client={server}>
        <Page />
      </QueryClientProvider>,
    );
    expect(html).toBe('<p>Ann not found off idle</p>');

    const browser = createQueryClient();
    hydrate(browser, receiveQueries(JSON.parse(JSON.stringify(sendQueries(server))) as DehydratedState));
    const defaults = browser.getDefaultOptions();
    browser.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recovered: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <QueryClientProvider client={browser}>
            <Page />
          </QueryClientProvider>
        </StrictMode>,
        { onRecoverableError: (error) => recovered.push(error) },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(recovered).toEqual([]);
    expect(container.innerHTML).toBe('<p>Ann not found off idle</p>');
    expect(user).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(never).not.toHaveBeenCalled();
    container.remove();
  });

  it('a failed query shown again with retryOnMount is asked again, drawn as loading', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    await client.prefetchQuery({
      queryKey: ['a'],
      queryFn: async () => {
        throw new Error('blip');
      },
    });
    const queryFn = vi.fn(async () => 'answer');
    const { result } = renderHook(() => useQuery({ queryKey: ['a'], queryFn }), {
      wrapper: wrapperFor(client),
    });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});

describe('the server’s render waiting for its queries', () => {
  const serverClient = () =>
    new QueryClient({
      defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
      suspendWhilePending: true,
    });

  it('draws the page once: only the part that asked waits, and asks again once the answer is in', async () => {
    const client = serverClient();
    const frameDrawn = vi.fn();
    const who = vi.fn(async () => 'Ann');
    // Asked only once the first answer is in (a dependent query).
    const list = vi.fn(async () => ['one', 'two']);
    function Frame({ children }: { children: ReactNode }) {
      frameDrawn();
      return <main>{children}</main>;
    }
    function Page() {
      const user = useQuery({ queryKey: ['who'], queryFn: who });
      const rows = useQuery({ queryKey: ['rows', user.data], queryFn: list, enabled: Boolean(user.data) });
      return (
        <p>
          {user.data}: {rows.data?.join(', ')}
        </p>
      );
    }
    const { html } = await renderToHtml(
      <QueryClientProvider client={client}>
        <Frame>
          <Page />
        </Frame>
      </QueryClientProvider>,
    );
    expect(html).toBe('<main><p>Ann<!-- -->: <!-- -->one, two</p></main>');
    expect(frameDrawn).toHaveBeenCalledTimes(1);
    expect(who).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('draws a query that failed as failed, and one that is not enabled as pending, without waiting', async () => {
    const client = serverClient();
    function Page() {
      const refused = useQuery({
        queryKey: ['refused'],
        queryFn: async (): Promise<string> => {
          throw new ApiError(403, { backendCode: 'FORBIDDEN', message: 'No' });
        },
      });
      const off = useQuery({ queryKey: ['off'], queryFn: async () => 'never', enabled: false });
      return (
        <p>
          {refused.isError ? 'refused' : 'answered'} {off.isPending ? 'off' : 'asked'}
        </p>
      );
    }
    const { html } = await renderToHtml(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect(html).toBe('<p>refused<!-- --> <!-- -->off</p>');
  });

  it('never waits in the browser: a pending query is drawn as pending', () => {
    const client = new QueryClient();
    function Page() {
      const query = useQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>(() => {}) });
      return <p>{query.isPending ? 'loading' : query.data}</p>;
    }
    expect(
      renderToString(
        <QueryClientProvider client={client}>
          <Page />
        </QueryClientProvider>,
      ),
    ).toBe('<p>loading</p>');
  });
});
