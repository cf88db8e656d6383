import { describe, expect, it } from 'vitest';
import { PAPER_TYPE_CODES, registerPaperApplicationBodySchema } from './paper-applications';

const valid = {
  reference: ' DS-7K3M9-Q2XHD ',
  typeCode: 'PA',
  forename: 'Morag',
  surname: 'Applicant',
  email: 'morag@example.com',
  dateOfBirth: '1985-06-07',
  address: { line1: '1 High Street', town: 'Perth', postcode: '', country: 'GB' },
};

describe('registering a paper application (decision 0053)', () => {
  it('takes a reference, a type, the name, email, date of birth and address, tidied', () => {
    const parsed = registerPaperApplicationBodySchema.parse(valid);
    expect(parsed.reference).toBe('DS-7K3M9-Q2XHD');
    expect(parsed.address).toEqual({
      line1: '1 High Street',
      town: 'Perth',
      postcode: undefined,
      country: 'GB',
    });
  });

  it('never a Basic disclosure, which has its own registration', () => {
    expect(PAPER_TYPE_CODES).not.toContain('BD');
    expect(PAPER_TYPE_CODES).toEqual(expect.arrayContaining(['LA', 'LB', 'LC', 'PA', 'PC']));
    expect(registerPaperApplicationBodySchema.safeParse({ ...valid, typeCode: 'BD' }).success).toBe(false);
  });

  it('refuses each field on its own with a specific message', () => {
    const result = registerPaperApplicationBodySchema.safeParse({
      reference: 'DS-1',
      typeCode: 'XX',
      forename: ' ',
      surname: 'x'.repeat(101),
      email: 'nope',
      dateOfBirth: '1985-02-30',
      address: { line1: '', town: 'Perth', country: 'Scotland' },
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      reference: 'Enter the application reference like DS-7K3M9-Q2XHD',
      typeCode: 'Select the type of application',
      forename: 'Enter the applicant’s first name',
      surname: 'Last name must be 100 characters or fewer',
      email: 'Enter an email address in the correct format, like name@example.com',
      dateOfBirth: 'Enter a real date of birth',
      'address.line1': 'Enter the first line of the address',
      'address.country': 'Enter the country as a two-letter code, like GB',
    });
  });
});
