import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ErrorCodePage } from './error-code-page';

// An error page shows the request id the server gave, for the person to quote.
const REQUEST_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('error pages and the request id', () => {
  it('shows the error reference on the service-unavailable page a server error redirects to', async () => {
    renderWithApp(<ErrorCodePage />, { path: `/error?code=server_error&requestId=${REQUEST_ID}` });
    expect(await screen.findByText(new RegExp(`quote the error reference ${REQUEST_ID}`))).toBeTruthy();
  });

  it('shows it as a row of the generic page’s details', async () => {
    renderWithApp(<ErrorCodePage />, { path: `/error?code=SOMETHING_ELSE&requestId=${REQUEST_ID}` });
    expect(await screen.findByText('Error reference')).toBeTruthy();
    expect(screen.getByText(REQUEST_ID)).toBeTruthy();
  });

  it('shows nothing that is not a request id', async () => {
    renderWithApp(<ErrorCodePage />, { path: '/error?code=server_error&requestId=call%20us%20on%20090' });
    await screen.findAllByRole('heading', { level: 1 });
    expect(screen.queryByText(/call us on/)).toBeNull();
    expect(screen.queryByText(/error reference/i)).toBeNull();
  });
});
