import { getApplicantJourney, REGULATORY_BODIES, type OsPlacesDpa } from '@dis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/render';
import type { StepPost } from './actions';
import {
  addressStepAction,
  applicantDeclarationAction,
  applicantPageAction,
  linkApplicationAction,
  previousNamesAction,
  regulatoryBodiesAction,
} from './applicant-actions';
import type { ApplicantStoredDraft, StoredDraft } from './draft';

// The applicant's pages posted without JavaScript (decision 0038): a valid form redirects, an invalid one comes
// back with its values and message keys and nothing is saved.

const journey = getApplicantJourney('level-2-csg')!;
const pvg = getApplicantJourney('pvgcj')!;

const DPA: OsPlacesDpa = {
  UPRN: '100',
  ADDRESS: '5 HARBOUR WYND, EDINBURGH, EH6 6AA',
  BUILDING_NUMBER: '5',
  THOROUGHFARE_NAME: 'HARBOUR WYND',
  POST_TOWN: 'EDINBURGH',
  POSTCODE: 'EH6 6AA',
};

type Route = (url: string, init?: RequestInit) => Response | undefined;

/** The API as the actions call it: each call answered by the first route that answers it. */
function api(...routes: Route[]) {
  const fetchMock = stubFetch((input, init) => {
    for (const route of routes) {
      const answer = route(String(input), init);
      if (answer) return answer;
    }
    return jsonResponse({}, 200);
  });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(path),
    );
  return { fetchMock, calls };
}

function draft(
  journeyId: 'level-2-csg' | 'pvgcj',
  answers: ApplicantStoredDraft['answers'] = {},
): StoredDraft {
  return { token: 'tok', side: 'applicant', journeyId, applicationReference: 'DS-1', answers };
}

function post(
  stepPath: string,
  fields: Record<string, string>,
  options: { draft?: StoredDraft; journeyId?: 'level-2-csg' | 'pvgcj' } = {},
): StepPost {
  const journeyId = options.journeyId ?? 'level-2-csg';
  const theJourney = journeyId === 'pvgcj' ? pvg : journey;
  return {
    form: new URLSearchParams({ _csrf: 'x', ...fields }),
    url: new URL(`http://localhost/applicant-apply/${journeyId}/${stepPath}?token=tok`),
    secureCookies: false,
    journey: theJourney,
    draft: options.draft ?? draft(journeyId),
    stepPath,
    edit: false,
  };
}

const saves = (calls: ReturnType<typeof api>['calls']) =>
  calls('PUT', '/api/draftApplications/tok/applicant');

describe('the hand-over link posted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the application, then opens its landing page', async () => {
    const { calls } = api((url) =>
      url.endsWith('/link/applicant')
        ? jsonResponse({
            draftApplicationToken: 'tok',
            status: 'READY_TO_START',
            disclosureTypeShortCode: 'LB',
            onlinePaymentType: 'INVOICE',
          })
        : undefined,
    );
    const result = await linkApplicationAction({
      form: new URLSearchParams(),
      url: new URL('http://localhost/application-redirect?uuid=u-1'),
      secureCookies: false,
    });
    expect(calls('POST', '/api/draftApplications/link/applicant')).toHaveLength(1);
    expect(result).toEqual({
      redirect: expect.stringMatching(/^\/applicant-apply\/level-2-csg\/start\?token=tok/),
    });
  });

  it('sends a link opened by someone else to its error page', async () => {
    api(() => jsonResponse({ status: 400, backendCode: 'matching_error' }, 400));
    const result = await linkApplicationAction({
      form: new URLSearchParams(),
      url: new URL('http://localhost/application-redirect?uuid=u-1'),
      secureCookies: false,
    });
    expect(result).toEqual({ redirect: '/error?code=matching_error' });
  });
});

describe('an address step posted', () => {
  afterEach(() => vi.unstubAllGlobals());
  const step = journey.step('address/current')!;
  const lookup: Route = (url) =>
    url.startsWith('/api/addressService/addresses') ? jsonResponse({ results: [{ DPA }] }) : undefined;
  /** The postcode page saved with the address chosen from the lookup (none when blank). */
  const saveChosen = (addressId: string) =>
    post('address/postcode/current', {
      _action: 'save',
      postcode: 'EH6 6AA',
      addressId,
      'residentFrom.month': '1',
      'residentFrom.year': '2001',
    });

  it('refuses a postcode that is not one, and looks nothing up', async () => {
    const { fetchMock } = api(lookup);
    const result = await addressStepAction(
      post('address/postcode/current', { _action: 'find', postcode: 'not a postcode' }),
      step,
    );
    expect(result).toEqual({
      posted: {
        values: { postcode: 'not a postcode' },
        errors: { postcode: 'postcodeSearch.postcode.invalid' },
      },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('brings the page back with the postcode found (the page looks it up), saving nothing', async () => {
    const { calls } = api(lookup);
    const result = await addressStepAction(
      post('address/postcode/current', { _action: 'find', postcode: 'EH6 6AA' }),
      step,
    );
    expect(result).toEqual({ posted: { values: { postcode: 'EH6 6AA' }, errors: {} } });
    expect(saves(calls)).toEqual([]);
  });

  it('refuses a save without an address chosen, saving nothing', async () => {
    const { calls } = api(lookup);
    const result = await addressStepAction(saveChosen(''), step);
    expect(result).toMatchObject({
      posted: { errors: { addressId: 'addressSelection.addressId.required' } },
    });
    expect(saves(calls)).toEqual([]);
  });

  it('saves the address the lookup gives for the choice, then the next step', async () => {
    const { calls } = api(lookup);
    const result = await addressStepAction(saveChosen('100'), step);
    expect(result).toEqual({
      redirect: expect.stringMatching(/^\/applicant-apply\/level-2-csg\/.+token=tok/),
    });
    const [saved] = saves(calls);
    expect(JSON.stringify(JSON.parse(String(saved?.[1]?.body)))).toContain('HARBOUR WYND');
  });

  it('refuses a choice the lookup does not have: address id not found, named on the page, saving nothing', async () => {
    const { calls } = api((url) =>
      url.startsWith('/api/addressService/addresses')
        ? jsonResponse(
            { status: 404, backendCode: 'ADDRESS_NOT_FOUND', message: 'Address id 999 not found' },
            404,
          )
        : undefined,
    );
    const result = await addressStepAction(saveChosen('999'), step);
    expect(result).toMatchObject({
      posted: { values: { addressId: '999' }, errors: { addressId: 'address.idNotFound' } },
    });
    // The API is asked for the chosen address by its id.
    expect(calls('GET', '/api/addressService/addresses').map(([url]) => String(url))).toEqual([
      '/api/addressService/addresses?postcode=EH6+6AA&addressId=999',
    ]);
    expect(saves(calls)).toEqual([]);
  });

  it('saves a manual address from its fields', async () => {
    const { calls } = api();
    const result = await addressStepAction(
      post('address/manual/current', {
        line1: '3 Old Road',
        town: 'Glasgow',
        postcode: 'G1 1AA',
        country: 'United Kingdom',
        'residentFrom.month': '1',
        'residentFrom.year': '2001',
      }),
      step,
    );
    expect(result).toHaveProperty('redirect');
    expect(saves(calls)).toHaveLength(1);
  });
});

describe('the previous names posted', () => {
  afterEach(() => vi.unstubAllGlobals());
  const step = journey.step('previous-name')!;
  const name = (index: number, forename: string, surname: string) => ({
    [`previousNames.${index}.forename`]: forename,
    [`previousNames.${index}.middleNames`]: '',
    [`previousNames.${index}.surname`]: surname,
  });

  it('adds and removes entries without saving', async () => {
    const { fetchMock } = api();
    const added = await previousNamesAction(
      post('previous-name', { ...name(0, 'Ann', 'Old'), _action: 'add' }),
      step,
    );
    expect(added).toEqual({
      posted: { values: { ...name(0, 'Ann', 'Old'), ...name(1, '', '') }, errors: {} },
    });
    const removed = await previousNamesAction(
      post('previous-name', { ...name(0, 'Ann', 'Old'), ...name(1, 'Bo', 'Older'), _action: 'remove-0' }),
      step,
    );
    expect(removed).toEqual({ posted: { values: name(0, 'Bo', 'Older'), errors: {} } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an entry without its names, against its boxes, saving nothing', async () => {
    const { fetchMock } = api();
    const result = await previousNamesAction(
      post('previous-name', { ...name(0, 'Ann', 'Old'), ...name(1, '', ''), _action: 'save' }),
      step,
    );
    expect(result).toMatchObject({
      posted: { errors: { 'previousNames.1.forename': expect.any(String) } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the list, then the next step', async () => {
    const { calls } = api();
    const result = await previousNamesAction(post('previous-name', { ...name(0, 'Ann', 'Old') }), step);
    expect(result).toEqual({ redirect: expect.stringContaining('token=tok') });
    expect(saves(calls)).toHaveLength(1);
  });
});

describe('the regulatory bodies posted', () => {
  afterEach(() => vi.unstubAllGlobals());
  const step = pvg.step('regulatory-body')!;
  const bodies: Route = (url) =>
    url.startsWith('/api/draftApplications/regulatory-body')
      ? jsonResponse(
          REGULATORY_BODIES.filter(({ code }) => code === '103' || code === '101').map(({ code, name }) => ({
            code,
            name,
          })),
        )
      : undefined;

  it('refuses none ticked, and a ticked one without its number, saving nothing', async () => {
    const { calls } = api(bodies);
    const none = await regulatoryBodiesAction(post('regulatory-body', {}, { journeyId: 'pvgcj' }), step);
    expect(none).toMatchObject({ posted: { errors: { details: expect.any(String) } } });
    const noNumber = await regulatoryBodiesAction(
      post('regulatory-body', { 'details.1.selected': 'on' }, { journeyId: 'pvgcj' }),
      step,
    );
    expect(noNumber).toMatchObject({
      posted: {
        values: { 'details.1.selected': 'on' },
        errors: { 'details.1.registrationNumber': expect.any(String) },
      },
    });
    expect(saves(calls)).toEqual([]);
  });

  it('saves the ticked body with its number', async () => {
    const { calls } = api(bodies);
    const result = await regulatoryBodiesAction(
      post(
        'regulatory-body',
        { 'details.1.selected': 'on', 'details.1.registrationNumber': '123456' },
        { journeyId: 'pvgcj' },
      ),
      step,
    );
    expect(result).toHaveProperty('redirect');
    expect(String(saves(calls)[0]?.[1]?.body)).toContain('123456');
  });
});

describe('the declaration and the start posted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses the declaration unticked, sending nothing', async () => {
    const { fetchMock } = api();
    const input = post('declaration', {});
    const result = await applicantDeclarationAction(input);
    expect(result).toEqual({
      posted: { values: {}, errors: { agreed: 'applicantDeclaration.agreed.required' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits the declaration, then the confirmation when nothing is paid by card', async () => {
    const { calls } = api((url, init) =>
      url.endsWith('/submitted') && init?.method === 'POST'
        ? jsonResponse({ cardPaymentRequired: false })
        : undefined,
    );
    const result = await applicantDeclarationAction(post('declaration', { agreed: 'true' }));
    expect(calls('POST', '/api/draftApplications/tok/submitted')).toHaveLength(1);
    expect(result).toEqual({ redirect: '/applicant-apply/level-2-csg/applicant-confirmation?token=tok' });
  });

  it("creates the applicant's own draft from the start page, then its first step", async () => {
    const { calls } = api(
      (url) =>
        url === '/api/config'
          ? jsonResponse({ features: { pvgConfirmationJoin: true, pvgConfirmationExisting: true } })
          : undefined,
      (url, init) =>
        url === '/api/draftApplications' && init?.method === 'POST'
          ? jsonResponse({ draftApplicationToken: 'new', applicationReference: 'DS-9' })
          : undefined,
    );
    const result = await applicantPageAction({
      form: new URLSearchParams({ _csrf: 'x' }),
      url: new URL('http://localhost/applicant-apply/pvgcj/start'),
      secureCookies: false,
    });
    expect(calls('POST', '/api/draftApplications')).toHaveLength(1);
    expect(result).toEqual({ redirect: '/applicant-apply/pvgcj/personal-information?token=new' });
  });
});
