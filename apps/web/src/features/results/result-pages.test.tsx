import type { Result } from '@dis/domain/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubPageApi } from '../../test/render';
import { filtersFrom, summaryQueryFrom } from './organisation-pages';
import { BasicResultPage } from './basic-result-page';
import { ResultPage } from './result-page';
import { Routes, Route } from '../../lib/router';

const RESULT_ID = '0b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11';

function result(changes: Partial<Result> = {}): Result {
  return {
    resultId: RESULT_ID,
    applicationReference: 'DS-123',
    disclosureType: 'Level 2 disclosure',
    disclosureTypeShortCode: 'LB',
    disclosureNumber: '000123',
    name: 'Robin Tester',
    address: {
      line1: '1 High Street',
      line2: null,
      town: 'Leith',
      county: null,
      postcode: 'EH6 6AA',
      country: 'United Kingdom',
    },
    dateOfBirth: '1988-05-17',
    dateOfIssue: '2026-11-20',
    aboutResultText: 'About it.',
    reportInaccurateInfo: 'Tell us.',
    shareable: true,
    shareExpiryDate: '2026-11-30',
    sharedStatus: 'NOT_SHARED',
    viewedStatus: 'VIEWED',
    isUnderReview: false,
    isReviewEligible: false,
    isCountersigned: true,
    sharedPaperResult: false,
    channel: 'O',
    appealDecision: 'NOT_SET',
    scheduledPendingReleaseDate: '2026-12-18',
    daysRemaining: 14,
    resultSharedOn: null,
    resultViewedOn: '2026-11-23T10:00:00.000Z',
    createdOn: '2026-11-20T09:00:00.000Z',
    higherLevelResultInformation: null,
    vettingInformation: {
      convictions: [
        {
          date: '2019-03-01',
          court: 'Edinburgh Sheriff Court',
          offences: ['Breach of the peace'],
          disposals: ['Fine £200'],
          appealable: true,
        },
      ],
      cautions: [],
      noConvictionsCautions: false,
      noVettingInformationExplanation: null,
      higherLevelVettingInformation: null,
    },
    status: 'RESULT_VIEWED',
    viewableUntil: '2026-12-07T10:00:00.000Z',
    shareWindowEndsAt: '2026-12-01T00:00:00.000Z',
    shareWindowOpen: true,
    shareAllowedNow: false,
    appealDeadline: '2026-12-17',
    appealQuestion: true,
    releasedToOrganisationOn: null,
    appealOutcome: null,
    reviewExpiryDate: null,
    reviewDecision: null,
    ...changes,
  };
}

function stub(answer: Response) {
  stubPageApi({ answer: () => answer.clone() });
}

function renderResult() {
  return renderWithApp(
    <Routes>
      <Route path="/results/:resultId" element={<ResultPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path: `/results/${RESULT_ID}` },
  );
}

describe('the applicant result page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the convictions table and asks the appeal question; an answer is required', async () => {
    stub(jsonResponse(result()));
    const { router } = renderResult();
    await screen.findByRole('table', { name: 'Convictions' });
    expect(screen.getByText('Edinburgh Sheriff Court')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findAllByText('Select yes if you intend to apply to have convictions removed');
    // The error summary heads the page, above the h1, though the question comes after the result.
    const summary = document.querySelector('.govuk-error-summary');
    const heading = screen.getByRole('heading', { level: 1, name: 'Your result' });
    expect(summary?.compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/results/${RESULT_ID}/confirm-appealing`),
    );
  });

  it("shows the address's country by its name, not the API's code", async () => {
    const address = {
      line1: '1 High Street',
      line2: null,
      town: 'Leith',
      county: null,
      postcode: 'EH6 6AA',
      country: 'GB',
    };
    stub(jsonResponse(result({ address })));
    renderResult();
    await screen.findByRole('table', { name: 'Convictions' });
    expect(screen.getByText('United Kingdom')).toBeTruthy();
    expect(screen.queryByText('GB')).toBeNull();
  });

  it('says at the top that the appeal question needs an answer, with a link to the question', async () => {
    stub(jsonResponse(result()));
    renderResult();
    const banner = await screen.findByRole('region', { name: 'Important' });
    expect(banner.className).toContain('govuk-notification-banner');
    expect(banner.textContent).toContain('You need to tell us whether you intend to appeal');
    const heading = screen.getByRole('heading', { level: 1, name: 'Your result' });
    expect(banner.compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const link = screen.getByRole('link', { name: 'Answer the appeal question' });
    expect(link.getAttribute('href')).toBe('#appeal-question');
    const fieldset = document.getElementById('appeal-question');
    expect(fieldset?.tagName).toBe('FIELDSET');
    expect(fieldset?.querySelector('input[name="intendsToAppeal"]')).toBeTruthy();
    // The form posts to the page without the link's fragment, so a refused post comes back to the top.
    expect(fieldset?.closest('form')?.getAttribute('action')).toBe(`/results/${RESULT_ID}`);
  });

  it('shows no banner once the appeal question is answered', async () => {
    stub(jsonResponse(result({ appealDecision: 'WONT_APPEAL', appealQuestion: false })));
    renderResult();
    await screen.findByRole('table', { name: 'Convictions' });
    expect(screen.queryByRole('region', { name: 'Important' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Answer the appeal question' })).toBeNull();
  });

  it('gives the convictions table the full width and keeps the text in the two-thirds column', async () => {
    stub(jsonResponse(result()));
    renderResult();
    const table = await screen.findByRole('table', { name: 'Convictions' });
    expect(table.closest('.govuk-grid-column-full')).toBeTruthy();
    expect(table.closest('.govuk-grid-column-two-thirds')).toBeNull();
    for (const text of [
      screen.getByRole('heading', { level: 1, name: 'Your result' }),
      screen.getByText('About it.'),
      document.getElementById('appeal-question'),
    ])
      expect(text?.closest('.govuk-grid-column-two-thirds')).toBeTruthy();
  });

  it('"no" goes to the release page', async () => {
    stub(jsonResponse(result()));
    const { router } = renderResult();
    await screen.findByRole('table', { name: 'Convictions' });
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/results/${RESULT_ID}/release`));
  });

  it('says an intended appeal holds the result back, with the deadline, and asks nothing', async () => {
    stub(jsonResponse(result({ appealDecision: 'INTENDS_TO_APPEAL', appealQuestion: false })));
    renderResult();
    await screen.findByText('You intend to appeal');
    expect(screen.getByText(/until 17 December 2026/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('replaces the share section with the expired note when the server says the window has closed', async () => {
    const decided = { appealDecision: 'WONT_APPEAL', appealQuestion: false } as const;
    stub(jsonResponse(result({ ...decided, shareWindowOpen: false, shareAllowedNow: false })));
    renderResult();
    await screen.findByText(/^The time to share this result has ended\./);
    expect(screen.queryByRole('link', { name: 'Share your result' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Share your result' })).toBeNull();
  });

  it("offers sharing while the server says the window is open, whatever this computer's clock says", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
    try {
      const decided = { appealDecision: 'WONT_APPEAL', appealQuestion: false } as const;
      stub(jsonResponse(result({ ...decided, shareWindowOpen: true, shareAllowedNow: true })));
      renderResult();
      await screen.findByRole('link', { name: 'Share your result' });
      expect(screen.queryByText(/^The time to share this result has ended\./)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows "no longer available" when the 14 days have passed', async () => {
    stub(jsonResponse({ status: 410, message: 'Gone', backendCode: 'RESULT_VIEWING_EXPIRED' }, 410));
    renderResult();
    await screen.findByRole('heading', { name: 'This result is no longer available' });
  });
});

describe('the basic result page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the expired note in place of the share section when the server says the window has closed', async () => {
    const basic = {
      ...result({
        disclosureType: 'Basic disclosure',
        disclosureTypeShortCode: 'BD',
        appealDecision: 'NOT_SET',
        appealQuestion: false,
        scheduledPendingReleaseDate: null,
        appealDeadline: null,
        shareWindowOpen: false,
        shareAllowedNow: false,
      }),
      vettingInformation: {
        convictions: [],
        cautions: [],
        noConvictionsCautions: true,
        noVettingInformationExplanation: 'There is no information to disclose.',
        higherLevelVettingInformation: null,
      },
      higherLevelResultInformation: null,
      basicViewing: {
        openedAt: '2026-11-26T10:00:00.000Z',
        expiresAt: '2026-11-26T10:15:00.000Z',
        remainingMs: 10 * 60 * 1000,
      },
    };
    stub(jsonResponse(basic));
    renderWithApp(
      <Routes>
        <Route path="/results/:resultId/basic" element={<BasicResultPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>,
      { path: `/results/${RESULT_ID}/basic` },
    );
    await screen.findByText(/^The time to share this result has ended\./);
    expect(screen.queryByRole('link', { name: 'Share your result' })).toBeNull();
  });
});

describe('the results summary query', () => {
  it('drops empty filters, sends the date as YYYY-MM-DD and the user only for "my results"', () => {
    const filters = filtersFrom(
      new URLSearchParams('viewCsg=MINE&applicantName=%20Smith%20&dateOfIssue=3/11/2026'),
    );
    expect(summaryQueryFrom(filters, 'user-1')).toEqual({
      applicantName: 'Smith',
      dateOfIssue: '2026-11-03',
      userId: 'user-1',
    });
    expect(summaryQueryFrom(filtersFrom(new URLSearchParams('viewCsg=nonsense')), 'user-1')).toEqual({});
  });

  it('sends a date that is not one as typed, for the server to refuse', () => {
    expect(summaryQueryFrom(filtersFrom(new URLSearchParams('dateOfIssue=31/02/2026')), 'u')).toEqual({
      dateOfIssue: '31/02/2026',
    });
  });
});
