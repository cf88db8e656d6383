import { lazy, type ComponentType } from 'react';
import { loadStrings } from '../i18n';

/**
 * A page whose code is downloaded only when its route is first visited, so the launch page does not carry
 * every journey. `load` is a dynamic import of the page's module and `name` the page's export:
 * `lazyPage(() => import('../features/help/help-page'), 'HelpPage')`. The service's full text arrives with
 * the first such page; the layout shows the loading status meanwhile.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async (): Promise<{ default: ComponentType }> => {
    const [page] = await Promise.all([load(), loadStrings()]);
    return { default: page[name] };
  });
}
