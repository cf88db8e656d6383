import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { renderWithApp } from '../../test/render';
import { SignOutPage } from './sign-out-page';

// The sign-out page is a plain HTML form posted to the server (finding 7): the browser follows the server's 303 to
// the identity provider, so the ID token in that address never reaches a script, and no fetch is made.

describe('SignOutPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts a plain form to the server’s sign-out once, without a fetch, and forgets the journey first', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    window.sessionStorage.setItem('dis:journey:marker', '"kept"');
    renderWithApp(<SignOutPage />, { path: '/sign-out' });
    await screen.findByRole('heading', { level: 1, name: 'Signing you out' });
    const form = screen.getByRole('button', { name: 'Sign out' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/oauth2/logout');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.contexts[0]).toBe(form);
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('logout'))).toHaveLength(0);
    expect(window.sessionStorage.getItem('dis:journey:marker')).toBeNull();
  });
});
