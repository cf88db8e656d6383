import { describe, expect, it } from 'vitest';
import * as h from './harness';

// Sharing a review-eligible scheme record (issue 29 item 1, decision 0054): the applicant chooses to share rather
// than request a review and confirms why; the server refuses every share call without that confirmation in the
// session. On both engines, in a file of its own (its sign-ins stay within the sign-in rate limit of one file).

describe.each(h.ENGINES)('the share purpose of a review-eligible scheme record on $name', (engine) => {
  let t: h.TestApp;
  h.withTestApp(engine, (app) => (t = app));

  /** A result issued by casework for a new applicant's submitted Level 2 application. */
  async function issued(preset: string) {
    const { applicant: alex, persona, resultId } = await h.issuedResult(t, await h.signedInCsg(t), preset);
    return { alex, persona: persona!, resultId };
  }

  const share = (b: h.Browser, id: string, body: Record<string, unknown> = {}) =>
    b.send('POST', `/api/results/${id}/share`, body);

  it('a review-eligible scheme record is shared only once the applicant chose to share and confirmed why', async () => {
    const { alex, persona, resultId } = await issued('pvg-review-eligible');
    const purpose = (b: h.Browser, body: Record<string, unknown> = { purpose: 'SHARE', confirmed: true }) =>
      b.send('POST', `/api/results/${resultId}/share-purpose`, body);
    expect((await alex.get(`/api/results/${resultId}/share-options`)).json()).toMatchObject({
      route: 'direct',
      allowed: true,
      purposeConfirmationRequired: true,
    });
    await h.stepUpByCode(t, alex);
    // Without the confirmation every share call is refused: digital and paper.
    const refusal = {
      status: 409,
      backendCode: 'SHARE_PURPOSE_NOT_CONFIRMED',
      message: 'Choose to share your scheme record and confirm why you are sharing it first',
      requestId: expect.any(String),
    };
    const early = await share(alex, resultId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(refusal);
    expect((await alex.send('POST', `/api/results/${resultId}/share/paper`, {})).json()).toEqual(refusal);
    // The box unticked, or the purpose not SHARE: refused with the form's messages.
    const unticked = await purpose(alex, { purpose: 'SHARE', confirmed: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json()).toMatchObject({
      backendCode: 'VALIDATION_FAILED',
      fieldErrors: { confirmed: 'Confirm why you are sharing your result' },
    });
    const review = await purpose(alex, { purpose: 'REVIEW', confirmed: true });
    expect(review.statusCode).toBe(400);
    expect(review.json().fieldErrors).toMatchObject({
      purpose: 'Select whether you want to share your result or request a review',
    });
    // Another applicant cannot confirm a purpose for it.
    const sam = await h.newApplicant(t);
    expect((await purpose(sam)).statusCode).toBe(404);
    expect((await purpose(alex)).json()).toEqual({ purpose: 'SHARE' });
    expect((await alex.get(`/api/results/${resultId}/share-options`)).json()).toMatchObject({
      allowed: true,
      purposeConfirmationRequired: false,
    });
    const shared = await share(alex, resultId);
    expect(shared.statusCode, shared.body).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['outcome', 'user_id'])
      .where('event', '=', 'result.share_purpose_confirmed')
      .where('user_id', '=', await h.userIdOf(alex))
      .execute();
    expect(audit.map((a) => a.outcome)).toEqual(['success']);
    // Another applicant's attempt is audited as refused.
    const refused = await t.database.db
      .selectFrom('audit_events')
      .select('outcome')
      .where('event', '=', 'result.share_purpose_confirmed')
      .where('user_id', '=', await h.userIdOf(sam))
      .execute();
    expect(refused.map((a) => a.outcome)).toEqual(['refused']);
    // Confirmed in this session only: a new sign-in asks again.
    const again = await h.signedInApplicant(t, persona);
    expect((await again.get(`/api/results/${resultId}/share-options`)).json()).toMatchObject({
      purposeConfirmationRequired: true,
    });
  });
});
