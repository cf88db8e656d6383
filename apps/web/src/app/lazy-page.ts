import type { ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { loadPageText } from '../i18n';

/** A page downloaded on first visit, which the browser can also fetch before it takes a server page over. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page whose code is downloaded only when its route is first visited, so the launch page does not carry
 * every journey. `load` is a dynamic import of the page's module and `name` the page's export:
 * `lazyPage(() => import('../features/help/help-page'), 'HelpPage')`. The page's text comes with its code
 * (`loadPageText`); the layout shows the loading status meanwhile.
 *
 * `preload()` fetches it ahead: the browser does so for the page the server sent before taking it over
 * (app/start.tsx), so the page is taken over whole at once (`lib/lazy-component.ts`). Otherwise React would take over the frame and leave
 * the page itself inert server HTML until its code arrived (a suspended boundary is hydrated later), and a click
 * in that moment would be lost.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  const page = lazyComponent(() =>
    Promise.all([load(), loadPageText()]).then(([module]): ComponentType => module[name]),
  );
  const Page = (props: object) => page.render(props);
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, {
    preload: async () => {
      await page.fetch();
    },
  });
}
