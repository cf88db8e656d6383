import type { ActionAnswer, PostedFile } from '@dis/domain/contracts';
import type { PostedForm } from './server-render';

/**
 * What a page's form post without JavaScript leads to: the next page (post/redirect/get), or the same page again
 * with the values entered and what is wrong with them.
 */
export type ActionResult = ActionAnswer<PostedForm>;

export interface ActionInput {
  /** The posted form's fields (urlencoded or multipart), its request-forgery token already checked. */
  form: URLSearchParams;
  /** The files of a multipart form, by field name (none for an urlencoded form). */
  files?: Readonly<Record<string, PostedFile>>;
  /** The page's address (its path parameters and query). */
  url: URL;
  /** Whether a cookie the action sets must be HTTPS-only (the service's address is https). */
  secureCookies: boolean;
}

/**
 * A page's answer to its form posted without JavaScript, run on the server with the same API calls the browser
 * makes (so the same session, role and ownership checks apply): decision 0038.
 */
export type PageAction = (input: ActionInput) => Promise<ActionResult>;

/** A page's action, loaded with its feature's code only when a form is posted. */
export function lazyAction<M extends Record<K, PageAction>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): () => Promise<PageAction> {
  return async () => (await load())[name];
}

/** The posted form's values as the page's fields hold them (a repeated name, such as checkboxes, as a list). */
export function formValues(form: URLSearchParams): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith('_')) continue;
    const all = form.getAll(key);
    values[key] = all.length > 1 ? all : (all[0] ?? '');
  }
  return values;
}
