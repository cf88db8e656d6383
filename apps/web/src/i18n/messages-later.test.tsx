import { render, screen, waitFor } from '@testing-library/react';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Decision 0078: in the browser's build no page waits for the form error messages; they come with a form's first
// check, with a refusal that names fields, or before the take-over of a page the server drew with one.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

const KEY = 'countersignatoryDeclaration.agreed.required';
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

/** Fresh modules as in the browser's build: the shell's text only, no messages yet. */
async function browserBuild() {
  vi.stubEnv('TEXT_WITH_ITS_CODE', 'true');
  vi.resetModules();
  const i18n = await import('.');
  const { currentT } = await import('./translate');
  const message = () => currentT()(KEY, { ns: 'validation', keySeparator: false, defaultValue: '' });
  return { i18n, message };
}

describe('the form error messages, fetched when first needed (decision 0078)', () => {
  it('are not what a page waits for in the browser’s build, and are everywhere else', async () => {
    const { i18n, message } = await browserBuild();
    await i18n.loadPageText();
    expect(message()).toBe('');

    vi.unstubAllEnvs();
    vi.resetModules();
    const elsewhere = await import('.');
    await elsewhere.loadPageText();
    const { currentT } = await import('./translate');
    expect(currentT()(KEY, { ns: 'validation', keySeparator: false, defaultValue: '' })).not.toBe('');
  });

  it('arrive with a form’s first check, before its errors are given', async () => {
    const { message } = await browserBuild();
    const { withMessages } = await import('../lib/lazy-resolver');
    const resolver = vi.fn(async () => {
      // The errors are given with their words there already.
      expect(message()).not.toBe('');
      return { values: {}, errors: {} };
    });
    await withMessages(resolver)({}, undefined, options);
    expect(resolver).toHaveBeenCalledTimes(1);
  });

  it('unreachable (offline): the check says so, so the form is posted as without JavaScript', async () => {
    vi.doMock('./validation', () => {
      throw new Error('offline');
    });
    await browserBuild();
    const { withMessages, ValidationUnavailable } = await import('../lib/lazy-resolver');
    const resolver = vi.fn(async () => ({ values: {}, errors: {} }));
    await expect(withMessages(resolver)({}, undefined, options)).rejects.toBeInstanceOf(
      ValidationUnavailable,
    );
    expect(resolver).not.toHaveBeenCalled();
    vi.doUnmock('./validation');
  });

  it('arrive with a refusal that names its fields’ problems, before the error is thrown', async () => {
    const { message } = await browserBuild();
    const { api, ApiError } = await import('../lib/api-client');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 400, message: 'Bad', fieldErrors: { agreed: KEY } }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const refused = await api.post('/api/anything', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(message()).not.toBe('');
  });

  it('drawn by the server, are said in the page’s state; drawn in the browser without them, are fetched', async () => {
    const { i18n, message } = await browserBuild();
    const { PageRenderProvider } = await import('../lib/server-render');
    function Shown({ name }: { name: string }) {
      const errorText = i18n.useErrorText();
      return <p>{errorText(name)}</p>;
    }

    // In the browser, before they have arrived: the key is fetched and the page drawn again with its words.
    render(
      <PageRenderProvider value={{ server: false, csrfToken: '' }}>
        <Shown name={KEY} />
      </PageRenderProvider>,
    );
    await waitFor(() => expect(message()).not.toBe(''));
    await screen.findByText(message());

    // On the server: a page showing one says so; a page showing none does not.
    const withOne = { server: true, csrfToken: '' } as {
      server: boolean;
      csrfToken: string;
      messages?: boolean;
    };
    const withNone = { ...withOne };
    render(
      <>
        <PageRenderProvider value={withOne}>
          <Shown name={KEY} />
        </PageRenderProvider>
        <PageRenderProvider value={withNone}>
          <Shown name="journeyPage.notSaved" />
        </PageRenderProvider>
      </>,
    );
    expect(withOne.messages).toBe(true);
    expect(withNone.messages).toBeUndefined();
  });
});
