import { usePageRender } from '../lib/server-render';

/** The request-forgery token every form posted to the server carries (decision 0038). */
export function FormToken() {
  const { csrfToken } = usePageRender();
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}
