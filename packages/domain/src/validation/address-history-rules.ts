import { ADDRESS_HISTORY_YEARS } from '../limits';
import { londonToday } from './dates';

// The address history's arithmetic (months, coverage of five years, gaps and overlaps), free of zod: the applicant's
// pages walk the history by it before the step schemas are loaded (decision 0077); \`address-history.ts\` checks
// forms with it.

export interface MonthYear {
  month: number;
  year: number;
}

/** A sortable number for a month: 202406. */
export function monthKey({ year, month }: MonthYear): number {
  return year * 100 + month;
}

export function monthsBefore({ year, month }: MonthYear, months: number): MonthYear {
  const index = year * 12 + (month - 1) - months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function currentMonth(now: Date): MonthYear {
  const { year, month } = londonToday(now);
  return { year, month };
}

export interface Residence {
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

export type HistoryProblem = { index: number; field: 'residentFrom' | 'residentTo'; key: string };

export function historyProblems(addresses: readonly Residence[]): HistoryProblem[] {
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
