import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { PageRenderProvider } from '../lib/server-render';
import { jsonResponse, renderWithApp, stubFetch } from '../test/render';
import { AddressLookup, dpaToAddress } from './address-lookup';
import type { OsPlacesDpa } from '@dis/domain';

const DPA: OsPlacesDpa = {
  UPRN: '1',
  ADDRESS: 'FLAT 1, 5 HARBOUR WYND, EDINBURGH, EH6 6AA',
  SUB_BUILDING_NAME: 'FLAT 1',
  BUILDING_NUMBER: '5',
  THOROUGHFARE_NAME: 'HARBOUR WYND',
  POST_TOWN: 'EDINBURGH',
  POSTCODE: 'EH6 6AA',
};

function setup(respond: (url: string) => Response) {
  const fetchMock = stubFetch(respond);
  const onSelect = vi.fn();
  renderWithApp(
    <AddressLookup title="Address" manualHref="/manual" saving={false} saveErrors={[]} onSelect={onSelect} />,
  );
  return { fetchMock, onSelect };
}

async function search(postcode: string) {
  await userEvent.clear(screen.getByLabelText('Postcode', { exact: false }));
  await userEvent.type(screen.getByLabelText('Postcode', { exact: false }), postcode);
  await userEvent.click(screen.getByRole('button', { name: 'Find address' }));
}

describe('address lookup', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns an OS Places record into address lines', () => {
    expect(dpaToAddress(DPA)).toEqual({
      line1: 'FLAT 1',
      line2: '5 HARBOUR WYND',
      town: 'EDINBURGH',
      postcode: 'EH6 6AA',
      country: 'United Kingdom',
    });
    expect(dpaToAddress({ ...DPA, SUB_BUILDING_NAME: undefined } as OsPlacesDpa).line1).toBe(
      '5 HARBOUR WYND',
    );
  });

  it('checks the postcode before calling the service', async () => {
    const { fetchMock } = setup(() => jsonResponse({}));
    await search('not a postcode');
    expect(await screen.findAllByText('Enter a real postcode')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when a postcode has no addresses', async () => {
    setup(() => jsonResponse({ status: 404, backendCode: 'NO_ADDRESSES_FOR_POSTCODE' }, 404));
    await search('AB1 0ZZ');
    expect(await screen.findAllByText(/No addresses found for AB1 0ZZ/)).toHaveLength(2);
  });

  it('says when postcode results are unavailable, and offers manual entry', async () => {
    setup(() => jsonResponse({ status: 503, backendCode: 'POSTCODE_RESULTS_UNAVAILABLE' }, 503));
    await search('ZZ99 9ZZ');
    expect(await screen.findAllByText(/Postcode results are unavailable/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Enter the address manually' }).getAttribute('href')).toBe(
      '/manual',
    );
  });

  it('requires an address to be picked, then hands back the chosen one', async () => {
    const { fetchMock, onSelect } = setup(() =>
      jsonResponse({ header: { totalresults: 1 }, results: [{ DPA }] }),
    );
    await search('eh66aa');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/addressService/addresses?postcode=EH6+6AA',
        expect.anything(),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findAllByText('Select an address')).not.toHaveLength(0);
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByRole('combobox'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ line1: 'FLAT 1', postcode: 'EH6 6AA' }));
  });

  it('shows address id not found, with the id, in the error summary after a refused post', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ header: { totalresults: 1 }, results: [{ DPA }] })),
    );
    renderWithApp(
      <PageRenderProvider
        value={{
          server: false,
          csrfToken: 't',
          postedTo: '/address',
          posted: {
            values: { postcode: 'EH6 6AA', addressId: '999000111' },
            errors: { addressId: 'address.idNotFound' },
          },
        }}
      >
        <AddressLookup
          title="Address"
          manualHref="/manual"
          saving={false}
          saveErrors={[]}
          onSelect={vi.fn()}
        />
      </PageRenderProvider>,
      { path: '/address' },
    );
    const message = 'Address id 999000111 not found. Find the address again or enter it manually.';
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(message);
    expect(summary.querySelector('a')?.getAttribute('href')).toBe('#addressId');
  });
});
