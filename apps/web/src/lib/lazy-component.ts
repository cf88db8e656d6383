import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/**
 * What a page (app/lazy-page.ts) and a page's view (lib/lazy-view.ts) downloaded when first drawn share: the
 * component is fetched once (`fetch`, which the browser also calls ahead for a server page), and `render` draws it
 * suspending only until it has arrived; once loaded it is drawn as itself, so a server page is taken over in the
 * same pass as its frame. With `retry`, a failed fetch is tried again on the next call rather than kept.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { retry?: boolean } = {},
): { fetch: () => Promise<ComponentType<P>>; render: (props: P) => ReactElement } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetch = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Asked again next time (a connection that failed once may not fail twice).
        if (options.retry) loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetch() }));
  return { fetch, render: (props) => createElement(loaded ?? Lazy, props) };
}
