import { describe, expect, it } from 'vitest';
import { moveBasicApplicationContract, registerBasicApplicationBodySchema } from './basic-applications';

/** The applicant's identity a registration names. */
const sam = { email: 'Sam.Taylor@example.com', dateOfBirth: '1978-01-05' };

describe('Basic application contracts (decision 0052)', () => {
  it('takes a Basic service id, an email address and a real date of birth', () => {
    expect(registerBasicApplicationBodySchema.parse({ appId: ' BD-100234 ', ...sam })).toEqual({
      appId: 'BD-100234',
      ...sam,
    });
  });

  it('says which field is wrong', () => {
    const result = registerBasicApplicationBodySchema.safeParse({
      appId: 'BD 1',
      email: 'nope',
      dateOfBirth: '1978-02-30',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      appId: 'Enter the Basic application’s id: letters, digits, - and _, up to 64',
      email: 'Enter an email address in the correct format, like name@example.com',
      dateOfBirth: 'Enter a real date of birth',
    });
    const missing = registerBasicApplicationBodySchema.safeParse({});
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter the Basic application’s id',
      'Enter the applicant’s email address',
      'Enter the applicant’s date of birth',
    ]);
    expect(
      registerBasicApplicationBodySchema.safeParse({ appId: 'a', email: 'a@b.co', dateOfBirth: '5/1/1978' })
        .success,
    ).toBe(false);
  });

  it('moves only to one of the four Basic statuses', () => {
    expect(moveBasicApplicationContract.body.safeParse({ status: 'COMPLETED' }).success).toBe(true);
    expect(
      moveBasicApplicationContract.body.safeParse({ status: 'SUBMITTED' }).error?.issues[0]?.message,
    ).toBe('Select the new status');
  });
});
