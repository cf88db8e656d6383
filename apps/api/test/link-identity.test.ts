import { LINK_MATCH_LOCKOUT_MS, LINK_MATCH_MAX_ATTEMPTS } from '@dis/domain';
import { describe, expect, it } from 'vitest';
import {
  customApplicant,
  enteredFor,
  ENGINES,
  handOver,
  signedInApplicant,
  type Browser,
  type TestApp,
  withPeople,
  applicationRow,
  newApplicant,
} from './harness';

const link = (b: Browser, uuid: string) => b.send('POST', '/api/draftApplications/link/applicant', { uuid });

describe.each(ENGINES)('linking an emailed application checks who opens it, on $name', (engine) => {
  let t: TestApp, csg: Browser;
  withPeople(engine, {}, (s) => ({ t, csg } = s));

  const linkedTo = async (token: string) => (await applicationRow(t, token)).applicant_user_id;
  const linkAudit = async () =>
    (
      await t.database.db
        .selectFrom('audit_events')
        .select(['outcome', 'detail'])
        .where('event', '=', 'application.linked')
        .orderBy('id')
        .execute()
    ).map((e): Record<string, unknown> => ({ outcome: e.outcome, ...(e.detail as Record<string, unknown>) }));

  it('someone else who opens the link first is refused with matching_error; the intended applicant then links', async () => {
    const intended = customApplicant({ familyName: "O'Neill-Smith", birthdate: '1985-06-30' });
    // The organisation types the surname in its own way: case, accents, apostrophe and spacing are normalised.
    const { token, linkId } = await handOver(t, csg, 'LB', {
      ...enteredFor(intended),
      applicantName: { forename: intended.givenName, surname: 'o’néill smith' },
    });
    const stranger = await newApplicant(t);
    const refused = await link(stranger, linkId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, backendCode: 'matching_error' });
    expect(await linkedTo(token)).toBeNull();
    // Same surname, another date of birth: still not the person.
    const namesake = await signedInApplicant(t, { ...intended, birthdate: '1985-06-29' });
    expect((await link(namesake, linkId)).json().backendCode).toBe('matching_error');
    expect(await linkedTo(token)).toBeNull();

    const applicant = await signedInApplicant(t, intended);
    const linked = await link(applicant, linkId);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await linkedTo(token)).not.toBeNull();
    expect((await linkAudit()).filter((e) => e.reason === 'identity_mismatch')).toHaveLength(2);
    expect((await linkAudit()).at(-1)).toMatchObject({ outcome: 'success' });
  });

  it(`${LINK_MATCH_MAX_ATTEMPTS} failed matches in a row lock linking for the person, then it opens again`, async () => {
    const intended = customApplicant();
    const others = await Promise.all([handOver(t, csg), handOver(t, csg), handOver(t, csg)]);
    const mine = await handOver(t, csg, 'LB', enteredFor(intended));
    // A person trying links meant for others (the organisation entered applicant-verified's details).
    const prober = await signedInApplicant(t, intended);
    const answers = [];
    for (const other of others) answers.push((await link(prober, other.linkId)).json().backendCode);
    expect(answers).toEqual([
      ...Array.from({ length: LINK_MATCH_MAX_ATTEMPTS - 1 }, () => 'matching_error'),
      'user_already_linked_or_do_not_exist',
    ]);
    // Locked: even the link meant for them is refused, with 429, until the lockout ends.
    const locked = await link(prober, mine.linkId);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().backendCode).toBe('user_already_linked_or_do_not_exist');
    expect(await linkedTo(mine.token)).toBeNull();
    expect((await linkAudit()).at(-1)).toMatchObject({ outcome: 'refused', reason: 'attempts_exceeded' });

    t.clock.advance(LINK_MATCH_LOCKOUT_MS);
    const later = await signedInApplicant(t, intended);
    expect((await link(later, mine.linkId)).statusCode).toBe(200);
    expect(await linkedTo(mine.token)).not.toBeNull();
    for (const other of others) expect(await linkedTo(other.token)).toBeNull();
    t.clock.advance(-LINK_MATCH_LOCKOUT_MS);
  });
});
