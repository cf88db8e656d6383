import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, postedTo } from '../../test/render';
import { appealQuestionAction, releaseAction } from './actions';

// The result pages posted without JavaScript (decision 0038).

const ID = '6f1c1a52-3b4e-4a57-9d1f-8c1e2a3b4c5d';

describe('the result pages posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the appeal question: unanswered comes back with its problem; yes and no lead on', async () => {
    expect(await appealQuestionAction(postedTo(`/results/${ID}`))).toEqual({
      posted: { values: {}, errors: { intendsToAppeal: 'appeal.intendsToAppeal.required' } },
    });
    expect(await appealQuestionAction(postedTo(`/results/${ID}`, { intendsToAppeal: 'yes' }))).toEqual({
      redirect: `/results/${ID}/confirm-appealing`,
    });
    expect(await appealQuestionAction(postedTo(`/results/${ID}`, { intendsToAppeal: 'no' }))).toEqual({
      redirect: `/results/${ID}/release`,
    });
  });

  it('the release posts to the API, then sharing or its success page as the API answers; a refusal shows the page again with its notice', async () => {
    const answer = (shareable: boolean) =>
      vi.fn(async (_url: string) =>
        jsonResponse({
          appealDecision: 'WONT_APPEAL',
          releasedToOrganisationOn: '2026-11-26T12:00:00Z',
          shareable,
        }),
      );
    const fetchMock = answer(true);
    vi.stubGlobal('fetch', fetchMock);
    expect(await releaseAction(postedTo(`/results/${ID}/release`))).toEqual({
      redirect: `/share-result?resultId=${ID}`,
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/api/results/${ID}/release`);

    vi.stubGlobal('fetch', answer(false));
    expect(await releaseAction(postedTo(`/results/${ID}/release`))).toEqual({
      redirect: `/results/${ID}/release-success`,
    });

    vi.stubGlobal('fetch', async () => jsonResponse({ status: 409, message: 'x' }, 409));
    expect(await releaseAction(postedTo(`/results/${ID}/release`))).toEqual({
      posted: { values: {}, errors: {}, general: 'results.release.error' },
    });
  });
});
