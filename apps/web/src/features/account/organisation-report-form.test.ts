import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApiByPath, postedTo } from '../../test/render';
import { organisationReportAction } from './organisation-report-form';

// The lead countersignatory's report of corrected organisation details posted without JavaScript (decision 0038).

const post = (fields: Record<string, string>) =>
  organisationReportAction(postedTo('/countersignatory-details', fields));

const REPORT = {
  organisationName: 'Northfield Community Care',
  'address.line1': '14 Harbour Road',
  'address.line2': '',
  'address.town': 'Leith',
  'address.county': '',
  'address.postcode': 'EH6 6AB',
  'address.country': 'GB',
  mainPhoneNumber: '0131 496 0001',
  emailAddress: 'office@northfield.example.org',
};
const USER = {
  roles: ['/CSG'],
  countersignatoryDetails: { organisationCode: 'RB1001', code: 'C1', isLead: true },
};

describe("the lead countersignatory's report posted without JavaScript", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty report against each field by its whole name, and sends nothing', async () => {
    const fetchMock = stubApiByPath({});
    const result = await post({ 'address.country': 'GB' });
    const errors = 'posted' in result ? result.posted.errors : {};
    expect(Object.keys(errors).sort()).toEqual([
      'address.line1',
      'address.postcode',
      'address.town',
      'emailAddress',
      'mainPhoneNumber',
      'organisationName',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the report for the countersignatory's organisation, then the page says so", async () => {
    const fetchMock = stubApiByPath({
      '/oauth2/api/userinformation': () => jsonResponse(USER),
      '/api/organisation/RB1001/detail-corrections': () =>
        jsonResponse({ id: 'r1', sentAt: '2026-11-26T12:00:00Z', status: 'SENT' }),
    });
    expect(await post(REPORT)).toEqual({ redirect: '/countersignatory-details?report=sent' });
    const [, init] = fetchMock.mock.calls.find(([url]) => url.includes('detail-corrections'))!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      organisationName: 'Northfield Community Care',
      address: { line1: '14 Harbour Road', town: 'Leith', postcode: 'EH6 6AB', country: 'GB' },
      emailAddress: 'office@northfield.example.org',
    });
  });

  it("the server's refusal comes back with the values: a field's against it, any other as the page's error", async () => {
    stubApiByPath({
      '/oauth2/api/userinformation': () => jsonResponse(USER),
      '/api/organisation/RB1001/detail-corrections': () =>
        jsonResponse(
          {
            status: 400,
            message: 'x',
            backendCode: 'VALIDATION_FAILED',
            fieldErrors: { 'address.town': 'Enter the town' },
          },
          400,
        ),
    });
    expect(await post(REPORT)).toEqual({
      posted: { values: REPORT, errors: { 'address.town': 'Enter the town' } },
    });
    stubApiByPath({
      '/oauth2/api/userinformation': () => jsonResponse(USER),
      '/api/organisation/RB1001/detail-corrections': () => jsonResponse({ status: 500, message: 'x' }, 500),
    });
    expect(await post(REPORT)).toEqual({
      posted: { values: REPORT, errors: {}, general: 'organisationReport.error' },
    });
  });
});
