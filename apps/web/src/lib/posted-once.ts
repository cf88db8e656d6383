import { useState } from 'react';
import { usePostedForm, type PostedForm } from './server-render';

/**
 * The form posted without JavaScript and refused (decision 0038), until the person submits again with script:
 * its values, its problems (message keys) and a refusal of the whole form (`general`).
 */
export function usePostedOnce(): { posted: PostedForm | undefined; hide: () => void } {
  const posted = usePostedForm();
  const [shown, setShown] = useState(true);
  return { posted: shown ? posted : undefined, hide: () => setShown(false) };
}
