import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearJourneyData } from '../../lib/journey-store';
import { jsonResponse, stubFetch } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  clearJourneyData();
});

describe('a draft’s save and the codecs it needs (decision 0078)', () => {
  it('fetches the codecs with the first save: a refusal’s payload paths are then mapped to the page’s fields', async () => {
    // Fresh modules: a journey page as drawn and taken over, before anything was saved.
    const { formFieldForPayloadPath, saveDraftAnswers } = await import('./draft');
    expect(formFieldForPayloadPath('applicantDateOfBirth.day')).toBeUndefined();

    const fetchMock = stubFetch((url, init) =>
      url === '/api/draftApplications/tok/countersignatory' && init?.method === 'PUT'
        ? jsonResponse(
            {
              status: 400,
              message: 'Bad',
              fieldErrors: { 'applicantDateOfBirth.day': 'dateOfBirth.future' },
            },
            400,
          )
        : jsonResponse({}),
    );
    const draft = {
      token: 'tok',
      applicationReference: 'DS-1',
      side: 'organisation' as const,
      journeyId: 'level-1' as const,
      answers: { applicationReference: 'DS-1' },
    };
    await expect(saveDraftAnswers(draft, { applicationReference: 'DS-1' })).rejects.toMatchObject({
      fieldErrors: { 'applicantDateOfBirth.day': 'dateOfBirth.future' },
    });
    // The save sent the organisation's payload, made by its codec.
    const [, init] = fetchMock.mock.calls.find(([, sent]) => sent?.method === 'PUT')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ applicationTypeCode: 'LA' });
    expect(formFieldForPayloadPath('applicantDateOfBirth.day')).toBe('dateOfBirth');
  });
});
