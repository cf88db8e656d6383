import { z } from 'zod';
import { objectOf, listOf, memoiseSchemaFactory } from './structure';
import { MAX_RESIDENCE_YEARS } from '../limits';
import { alwaysRefine, addressShape, checkAddressPostcode } from './address';
import { datePart, type ClockOptions } from './date-of-birth';
import {
  currentMonth,
  historyProblems,
  monthKey,
  monthsBefore,
  type MonthYear,
  type Residence,
} from './address-history-rules';

export {
  addressHistoryCoverage,
  currentMonth,
  deriveResidentTo,
  monthKey,
  type AddressHistoryCoverage,
  type MonthYear,
} from './address-history-rules';

/**
 * A month and year (resident from). Issues: `${prefix}.required`, `${prefix}.monthRequired`,
 * `${prefix}.yearRequired`, `${prefix}.invalid`, `${prefix}.future`, `${prefix}.tooOld` (over 100 years ago).
 */
export function monthYearSchema(prefix: string, options: ClockOptions = {}) {
  return z
    .preprocess((value) => value ?? {}, objectOf({ month: datePart, year: datePart }, `${prefix}.invalid`))
    .superRefine(({ month, year }, ctx) => {
      if (month === undefined && year === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.required` });
        return;
      }
      if (month === undefined || year === undefined) {
        const part = month === undefined ? 'month' : 'year';
        ctx.addIssue({ code: 'custom', path: [part], message: `${prefix}.${part}Required` });
        return;
      }
      if (month === null || year === null || month < 1 || month > 12 || year < 1000) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.invalid` });
        return;
      }
      const thisMonth = currentMonth(options.now ?? new Date());
      if (monthKey({ month, year }) > monthKey(thisMonth)) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.future` });
      } else if (monthKey({ month, year }) < monthKey(monthsBefore(thisMonth, MAX_RESIDENCE_YEARS * 12))) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.tooOld` });
      }
    })
    .transform((value) => value as MonthYear);
}

export function residentFromSchema(prefix = 'residentFrom', options: ClockOptions = {}) {
  return monthYearSchema(prefix, options);
}

/** The "when did you start living here" question of an address step, on its own. */
function buildResidentFromFormSchema(options: ClockOptions = {}) {
  return objectOf({ residentFrom: residentFromSchema('residentFrom', options) });
}
export const residentFromFormSchema = memoiseSchemaFactory(buildResidentFromFormSchema);

/** An address of the applicant's history: the address fields plus residentFrom and, for a previous one, residentTo. */
export function residenceAddressSchema(prefix = 'address', options: ClockOptions = {}) {
  return objectOf({
    ...addressShape(prefix),
    residentFrom: residentFromSchema('residentFrom', options),
    residentTo: residentFromSchema('residentTo', options).optional(),
  }).superRefine((address, ctx) => checkAddressPostcode(prefix, address, ctx), alwaysRefine);
}

/** The manual address form of the applicant journeys' address history steps (address and resident from). */
function buildResidenceAddressFormSchema(options: ClockOptions = {}) {
  return residenceAddressSchema('address', options);
}
export const residenceAddressFormSchema = memoiseSchemaFactory(buildResidenceAddressFormSchema);
export type ResidenceAddress = z.output<ReturnType<typeof residenceAddressSchema>>;

/** Reports order, overlap and gap problems of a newest-first history onto the right address. */
export function checkAddressHistory(
  addresses: readonly Residence[],
  ctx: z.RefinementCtx,
  pathOf: (index: number) => (string | number)[],
): void {
  for (const problem of historyProblems(addresses)) {
    ctx.addIssue({ code: 'custom', path: [...pathOf(problem.index), problem.field], message: problem.key });
  }
}

/** A whole history, newest first: each address valid, in order, without gaps or overlaps. */
function buildAddressHistorySchema(options: ClockOptions = {}) {
  return listOf(residenceAddressSchema('address', options)).superRefine((addresses, ctx) =>
    checkAddressHistory(addresses, ctx, (index) => [index]),
  );
}
export const addressHistorySchema = memoiseSchemaFactory(buildAddressHistorySchema);
