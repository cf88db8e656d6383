import { useFormKey, usePageRender } from '../lib/server-render';

/**
 * The request-forgery token every form posted to the server carries (decision 0038), and the form's one-time key
 * (decision 0076), by which a second press of its button is answered with the first's outcome.
 */
export function FormToken() {
  const { csrfToken } = usePageRender();
  const formKey = useFormKey();
  return (
    <>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {formKey && <input type="hidden" name="_formKey" value={formKey} />}
    </>
  );
}
