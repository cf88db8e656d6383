import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, postedTo, stubFetch } from '../../test/render';
import { additionalInformationAction, verifyBasicCodeAction } from './actions';

// The recipient's pages posted without JavaScript (decision 0038).

const DETAILS = {
  'dateOfBirth.day': '7',
  'dateOfBirth.month': '3',
  'dateOfBirth.year': '1990',
  applicationReference: 'DS-123',
};

describe("the recipient's pages posted without JavaScript", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('nothing entered: both problems, nothing sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const answer = await additionalInformationAction(postedTo('/additional-information'));
    expect(answer).toEqual({
      posted: {
        values: {},
        errors: {
          dateOfBirth: expect.stringMatching(/^additionalInformation\.dateOfBirth/) as string,
          applicationReference: expect.stringMatching(
            /^additionalInformation\.applicationReference/,
          ) as string,
        },
      },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the details as YYYY-MM-DD with the reference: the result, a message in the form when they do not match, incorrect-details once the attempts are spent', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ sharedResultId: 'abc' }));
    expect(await additionalInformationAction(postedTo('/additional-information', DETAILS))).toEqual({
      redirect: '/shared-result?sharedResultId=abc',
    });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual(
      {
        applicantDateOfBirth: '1990-03-07',
        applicationReference: 'DS-123',
      },
    );
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ status: 400, message: 'x', backendCode: 'VALIDATE_VIEW_SHARED_RESULT_INVALID' }, 400),
    );
    expect(await additionalInformationAction(postedTo('/additional-information', DETAILS))).toEqual({
      posted: { values: DETAILS, errors: { dateOfBirth: 'sharedResult.additional.noMatch' } },
    });
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ status: 401, message: 'x', backendCode: 'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED' }, 401),
    );
    expect(await additionalInformationAction(postedTo('/additional-information', DETAILS))).toEqual({
      redirect: '/incorrect-details',
    });
  });

  it("the basic link's code: a wrong one against the field, too many tries incorrect-details, the right one the result", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ status: 400, message: 'x', backendCode: 'CODE_INVALID' }, 400),
    );
    expect(await verifyBasicCodeAction(postedTo('/shared-basic-otc', { oneTimeCode: '123456' }))).toEqual({
      posted: {
        values: { oneTimeCode: '123456' },
        errors: { oneTimeCode: 'sharedResult.basicCode.invalid' },
      },
    });
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ status: 400, message: 'x', backendCode: 'CODE_ATTEMPTS_EXCEEDED' }, 400),
    );
    expect(await verifyBasicCodeAction(postedTo('/shared-basic-otc', { oneTimeCode: '123456' }))).toEqual({
      redirect: '/incorrect-details?basic',
    });
    vi.stubGlobal('fetch', async () => jsonResponse({ sharedResultId: 'a b', viewId: 'c' }));
    expect(await verifyBasicCodeAction(postedTo('/shared-basic-otc', { oneTimeCode: '123456' }))).toEqual({
      redirect: '/shared-basic-result?sharedResultId=a%20b&viewId=c',
    });
  });
});
