import type { ComponentType, ReactNode } from 'react';
import { lazyComponent } from './lazy-component';
import { usePageRender } from './server-render';

/** A part of a page downloaded when it is first drawn, which the browser can also fetch ahead (`preload`). */
export type LazyView<P> = ComponentType<P> & { preload: () => Promise<void> };

type ViewComponent = (props: never) => ReactNode;

/** The views made so far, by name: the browser preloads those the server drew (app/start.tsx). */
const views = new Map<string, () => Promise<void>>();

/**
 * One of a page's several views (a journey step's question, list or address lookup, the declaration, the
 * confirmation), downloaded when it is first drawn rather than with the page: a page shows one of them.
 * `lazyView('question', () => import('./form-step'), 'FormStep')`.
 *
 * On the server the render waits for it (the page is sent whole) and notes its name (`PageRender.views`), which
 * the page's state hands to the browser: the browser fetches it with the page's own code before taking the page
 * over (app/start.tsx, as for the page, see app/lazy-page.ts), so it is taken over in the same pass. If it has not
 * arrived, the page's Suspense boundary keeps the server's HTML until it has.
 */
export function lazyView<M extends Record<K, ViewComponent>, K extends keyof M & string>(
  name: string,
  load: () => Promise<M>,
  exported: K,
): LazyView<Parameters<M[K]>[0]> {
  type P = Parameters<M[K]>[0];
  const view = lazyComponent(() => load().then((module) => module[exported] as unknown as ComponentType<P>), {
    retry: true,
  });
  const preload = async () => {
    await view.fetch();
  };
  views.set(name, preload);
  function View(props: P) {
    const render = usePageRender();
    if (render.server && !(render.views ??= []).includes(name)) render.views.push(name);
    return view.render(props as P & object);
  }
  View.displayName = `LazyView(${name})`;
  return Object.assign(View, { preload });
}

/** Fetches the views the server drew (those made by the page's code, which has been loaded by then). */
export async function preloadViews(names: readonly string[] | undefined): Promise<void> {
  await Promise.all(
    (names ?? []).map((name) =>
      views
        .get(name)?.()
        .catch(() => undefined),
    ),
  );
}
