import { act, StrictMode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageRenderProvider, type PageRender } from '../lib/server-render';
import { FormToken } from './form-token';

// The form token and the form's one-time key (decision 0076): the server's render gives every form the render's
// key; the browser takes that page over with the same key, and a form it draws afterwards gets a key of its own.
const TOKEN = 't'.repeat(43);
const SERVER_KEY = 'k'.repeat(22);
const KEY_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** A page with its form, and a button that draws a second form (another view, drawn by the browser). */
function Page() {
  const [more, setMore] = useState(false);
  return (
    <main>
      <form method="post" id="first">
        <FormToken />
      </form>
      {more && (
        <form method="post" id="second">
          <FormToken />
        </form>
      )}
      <button type="button" onClick={() => setMore(true)}>
        More
      </button>
    </main>
  );
}

function page(render: PageRender) {
  return (
    <StrictMode>
      <PageRenderProvider value={render}>
        <Page />
      </PageRenderProvider>
    </StrictMode>
  );
}

const keyOf = (container: HTMLElement, form: string) =>
  container.querySelector<HTMLInputElement>(`#${form} input[name="_formKey"]`)?.value;

describe('FormToken', () => {
  it("renders the form token and the render's one-time key on the server", () => {
    const html = renderToString(page({ server: true, csrfToken: TOKEN, formKey: SERVER_KEY }));
    expect(html).toContain(`<input type="hidden" name="_csrf" value="${TOKEN}"/>`);
    expect(html).toContain(`<input type="hidden" name="_formKey" value="${SERVER_KEY}"/>`);
  });

  it('renders no key where the render has none (a page from a server without keys)', () => {
    const html = renderToString(page({ server: true, csrfToken: TOKEN }));
    expect(html).not.toContain('_formKey');
  });

  it("is taken over with the server's key without a mismatch, and a form drawn later gets a new key", async () => {
    const html = renderToString(page({ server: true, csrfToken: TOKEN, formKey: SERVER_KEY }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const sent = container.innerHTML;
    const recovered: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page({ server: false, csrfToken: TOKEN, formKey: SERVER_KEY }), {
        onRecoverableError: (error) => recovered.push(error),
      });
    });
    expect(recovered).toEqual([]);
    expect(container.innerHTML).toBe(sent);
    expect(keyOf(container, 'first')).toBe(SERVER_KEY);

    await act(async () => container.querySelector('button')?.click());
    const drawn = keyOf(container, 'second');
    expect(drawn).toMatch(KEY_SHAPE);
    expect(drawn).not.toBe(SERVER_KEY);
    // The page's own form keeps the key it was sent with.
    expect(keyOf(container, 'first')).toBe(SERVER_KEY);
    act(() => root?.unmount());
    container.remove();
  });

  it('gives each form drawn by the browser alone (no server page) a key of its own', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container);
    await act(async () => root.render(page({ server: false, csrfToken: TOKEN, formKey: SERVER_KEY })));
    const first = keyOf(container, 'first');
    expect(first).toMatch(KEY_SHAPE);
    expect(first).not.toBe(SERVER_KEY);
    await act(async () => container.querySelector('button')?.click());
    expect(keyOf(container, 'second')).toMatch(KEY_SHAPE);
    expect(keyOf(container, 'second')).not.toBe(first);
    act(() => root.unmount());
    container.remove();
  });
});
