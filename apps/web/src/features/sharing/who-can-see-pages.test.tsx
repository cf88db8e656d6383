import type { ShareEntry } from '@dis/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
import { StopSharingPage, WhoCanSeeMyResultPage } from './who-can-see-pages';

const RESULT_ID = '0b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11';
const ACTIVE_ID = '1b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11';

function share(changes: Partial<ShareEntry> = {}): ShareEntry {
  return {
    shareId: ACTIVE_ID,
    channel: 'DIGITAL',
    recipientKind: 'PERSON',
    recipientName: 'Leith Care Homes',
    sharedOn: '2026-11-20T09:00:00.000Z',
    expiresOn: '2026-12-04T09:00:00.000Z',
    status: 'ACTIVE',
    stoppedOn: null,
    lockedOn: null,
    sentOn: null,
    openings: ['2026-11-23T14:15:00.000Z', '2026-11-24T09:05:00.000Z'],
    canStop: true,
    emailDelivery: null,
    ...changes,
  };
}

/** The API as the pages see it: the list, and a stop that answers with the stopped share. */
function stub(shares: ShareEntry[]) {
  const calls: string[] = [];
  let current = shares;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/config'))
        return jsonResponse({ serviceName: 'x', localServices: true, features: {} });
      // The check codes of the result's copies (decision 0051): none here.
      if (url.endsWith('/checks')) return jsonResponse({ resultId: RESULT_ID, copies: [], checks: [] });
      if (url.endsWith('/revoke')) {
        current = current.map((s) =>
          url.includes(s.shareId)
            ? { ...s, status: 'STOPPED', canStop: false, stoppedOn: '2026-11-25T10:00:00.000Z' }
            : s,
        );
        return jsonResponse(current.find((s) => url.includes(s.shareId)));
      }
      return jsonResponse({ resultId: RESULT_ID, disclosureTypeShortCode: 'LB', shares: current });
    }),
  );
  return calls;
}

/** The card of the share whose heading is `name` (`heading` finds it, or waits for it). */
const cardOf = (heading: HTMLElement) => heading.closest('.govuk-summary-card') as HTMLElement;
const cardNamed = (name: string) => cardOf(screen.getByRole('heading', { level: 2, name }));
const findCard = async (name: string) => cardOf(await screen.findByRole('heading', { level: 2, name }));

function renderPages(path = `/who-can-see-my-result?resultId=${RESULT_ID}`) {
  return renderWithApp(
    <Routes>
      <Route path="/who-can-see-my-result" element={<WhoCanSeeMyResultPage />} />
      <Route path="/who-can-see-my-result/stop" element={<StopSharingPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path },
  );
}

describe('who can see my result', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each share with its recipient, times in UK time, each opening, and a stop only for an active link', async () => {
    stub([
      share(),
      share({
        shareId: 'b',
        recipientKind: 'PERSON',
        recipientName: 'Sam Employer',
        status: 'STOPPED',
        stoppedOn: '2026-11-21T12:00:00.000Z',
        openings: [],
        canStop: false,
      }),
      share({
        shareId: 'c',
        channel: 'PAPER',
        recipientKind: 'APPLICANT_BY_POST',
        recipientName: null,
        expiresOn: null,
        status: 'PAPER_REQUESTED',
        openings: [],
        canStop: false,
      }),
      share({
        shareId: 'd',
        recipientKind: 'ORGANISATION',
        recipientName: 'Fife Nurseries',
        expiresOn: null,
        openings: [],
      }),
    ]);
    renderPages();
    const card = await findCard('Leith Care Homes');
    expect(within(card).getByText('Opened 23 November 2026 at 2:15pm')).toBeTruthy();
    expect(within(card).getByText('Opened 24 November 2026 at 9:05am')).toBeTruthy();
    expect(within(card).getByText('4 December 2026 at 9:00am')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    const stops = screen.getAllByRole('link', { name: /^Stop sharing/ });
    expect(stops).toHaveLength(2);
    expect(stops[0]!.textContent).toBe(
      'Stop sharing with Leith Care Homes (shared 20 November 2026 at 9:00am)',
    );
    // A share with the organisation says what it is: no link, so no expiry and no openings.
    const organisation = cardNamed('Fife Nurseries');
    expect(
      within(organisation).getByText(
        'Shared with the organisation on your application, in its own account (no link was sent)',
      ),
    ).toBeTruthy();
    expect(within(organisation).getByText('20 November 2026 at 9:00am')).toBeTruthy();
    expect(within(organisation).queryByText('Digital link')).toBeNull();
    expect(within(organisation).queryByText('Link expires')).toBeNull();
    expect(within(organisation).queryByText('Opened')).toBeNull();
    expect(within(organisation).queryByText('Not opened yet')).toBeNull();
    const stopped = cardNamed('Sam Employer');
    expect(within(stopped).getByText('Stopped')).toBeTruthy();
    expect(within(stopped).getByText('Not opened yet')).toBeTruthy();
    const paper = cardNamed('Paper copy posted to you');
    expect(within(paper).getByText('Paper copy by post')).toBeTruthy();
    expect(within(paper).queryByText('Opened')).toBeNull();
  });

  it("says when a recipient's email could not be delivered and offers to share again", async () => {
    stub([
      share({ recipientKind: 'PERSON', recipientName: 'Sam Employer', emailDelivery: 'NOT_DELIVERED' }),
      share({
        shareId: 'b',
        recipientKind: 'PERSON',
        recipientName: 'Jo Manager',
        emailDelivery: 'DELIVERED',
      }),
    ]);
    renderPages();
    const card = await findCard('Sam Employer');
    expect(within(card).getByText('Not delivered')).toBeTruthy();
    expect(
      within(card).getByText(/We could not deliver the email with the link to Sam Employer/),
    ).toBeTruthy();
    const again = within(card).getByRole('link', { name: 'Share your result again' });
    expect(again.getAttribute('href')).toBe(`/share-result?resultId=${RESULT_ID}`);
    const delivered = cardNamed('Jo Manager');
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).queryByRole('link', { name: 'Share your result again' })).toBeNull();
  });

  it('shows a link locked by wrong codes or details, with no way to stop it (finding 4)', async () => {
    stub([
      share({
        recipientKind: 'PERSON',
        recipientName: 'pat.basic@example.com',
        status: 'LOCKED',
        lockedOn: '2026-11-22T15:30:00.000Z',
        openings: [],
        canStop: false,
      }),
    ]);
    renderPages();
    const card = await findCard('pat.basic@example.com');
    expect(within(card).getByText('Locked')).toBeTruthy();
    expect(within(card).getByText('Link locked')).toBeTruthy();
    expect(within(card).getByText(/^Locked on 22 November 2026 at 3:30pm because/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Stop sharing/ })).toBeNull();
  });

  it('says when nothing has been shared', async () => {
    stub([]);
    renderPages();
    await screen.findByText('You have not shared this result with anyone.');
    expect(screen.queryByRole('link', { name: /^Stop sharing/ })).toBeNull();
  });

  it('asks first, then stops the link and says so on the list', async () => {
    const calls = stub([share()]);
    const { router } = renderPages();
    fireEvent.click(await screen.findByRole('link', { name: /^Stop sharing/ }));
    await screen.findByRole('heading', {
      level: 1,
      name: 'Are you sure you want to stop sharing your result with Leith Care Homes?',
    });
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await screen.findByText('You have stopped sharing your result with Leith Care Homes');
    expect(router.state.location.pathname).toBe('/who-can-see-my-result');
    expect(calls).toContain(`POST /api/results/${RESULT_ID}/shares/${ACTIVE_ID}/revoke`);
    await waitFor(() => expect(screen.getByText('Stopped')).toBeTruthy());
  });
});
