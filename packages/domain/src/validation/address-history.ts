import { z } from 'zod';
import { objectOf, listOf, memoiseSchemaFactory } from './structure';
import { ADDRESS_HISTORY_YEARS, MAX_RESIDENCE_YEARS } from '../limits';
import { alwaysRefine, addressShape, checkAddressPostcode } from './address';
import { datePart, type ClockOptions } from './date-of-birth';
import { londonToday } from './dates';

export interface MonthYear {
  month: number;
  year: number;
}

/** A sortable number for a month: 202406. */
export function monthKey({ year, month }: MonthYear): number {
  return year * 100 + month;
}

function monthsBefore({ year, month }: MonthYear, months: number): MonthYear {
  const index = year * 12 + (month - 1) - months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function currentMonth(now: Date): MonthYear {
  const { year, month } = londonToday(now);
  return { year, month };
}

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

interface Residence {
  residentFrom: MonthYear;
  residentTo?: MonthYear | undefined;
}

/**
 * Addresses are listed newest first (the current address, then each earlier one). Each earlier address
 * ends when the next more recent one starts, so its residentTo is that address's residentFrom; the current
 * address has none.
 */
export function deriveResidentTo<T extends Residence>(addresses: readonly T[]): T[] {
  return addresses.map((address, index) => {
    const { residentTo: _ignored, ...rest } = address;
    const newer = index === 0 ? undefined : addresses[index - 1];
    return (newer ? { ...rest, residentTo: newer.residentFrom } : rest) as T;
  });
}

type HistoryProblem = { index: number; field: 'residentFrom' | 'residentTo'; key: string };

function historyProblems(addresses: readonly Residence[]): HistoryProblem[] {
  const problems: HistoryProblem[] = [];
  addresses.forEach((older, index) => {
    const newer = index === 0 ? undefined : addresses[index - 1];
    if (!newer) return;
    if (monthKey(older.residentFrom) >= monthKey(newer.residentFrom)) {
      problems.push({ index, field: 'residentFrom', key: 'addressHistory.overlap' });
    } else if (older.residentTo && monthKey(older.residentTo) > monthKey(newer.residentFrom)) {
      problems.push({ index, field: 'residentTo', key: 'addressHistory.overlap' });
    } else if (older.residentTo && monthKey(older.residentTo) < monthKey(newer.residentFrom)) {
      problems.push({ index, field: 'residentTo', key: 'addressHistory.gap' });
    }
  });
  return problems;
}

export interface AddressHistoryCoverage {
  /** True when the unbroken history reaches back to the first day of this month five years ago. */
  complete: boolean;
  /** The earliest month the unbroken history covers (undefined with no addresses). */
  coveredFrom: MonthYear | undefined;
  /** The month the history has to reach back to. */
  requiredFrom: MonthYear;
}

/** How far back an address history (newest first) reaches without a gap or overlap, measured against 5 years. */
export function addressHistoryCoverage(
  addresses: readonly Residence[],
  now: Date = new Date(),
): AddressHistoryCoverage {
  const requiredFrom = monthsBefore(currentMonth(now), ADDRESS_HISTORY_YEARS * 12);
  const firstProblem = historyProblems(addresses)[0];
  const unbroken = firstProblem ? addresses.slice(0, firstProblem.index) : addresses;
  const coveredFrom = unbroken.at(-1)?.residentFrom;
  return {
    complete: coveredFrom !== undefined && monthKey(coveredFrom) <= monthKey(requiredFrom),
    coveredFrom,
    requiredFrom,
  };
}

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
