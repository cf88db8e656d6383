import { lazy, type ComponentType } from 'react';

/**
 * A page whose code is downloaded only when its route is first visited, so the launch page does not carry
 * every journey. `load` is a dynamic import of the page's module and `name` the page's export:
 * `lazyPage(() => import('../features/help/help-page'), 'HelpPage')`. The route guard shows the loading
 * status while it arrives.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}
