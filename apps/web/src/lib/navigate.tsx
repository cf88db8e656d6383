import { Navigate as RouterNavigate, useResolvedPath, type NavigateProps } from './router';
import { collect, usePageRender } from './server-render';

/**
 * React Router's `<Navigate>`, which on the server becomes the response's redirect (a 303 to the same address),
 * so a page that sends the person elsewhere does so without JavaScript too.
 */
export function Navigate(props: NavigateProps) {
  const render = usePageRender();
  const resolved = useResolvedPath(props.to);
  if (render.server) {
    collect(render, { redirect: resolved.pathname + resolved.search + resolved.hash });
    return null;
  }
  return <RouterNavigate {...props} />;
}
