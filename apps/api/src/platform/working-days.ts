import Holidays from 'date-holidays';

// Scottish bank holidays from a kept library (date-holidays, region GB-SCT): public and bank holidays count,
// observances (Mother's Day and the like) do not. Built once per year asked about.

const holidays = new Holidays('GB', 'SCT');
const byYear = new Map<number, ReadonlySet<string>>();

function yearOf(year: number): ReadonlySet<string> {
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Set(
      holidays
        .getHolidays(year)
        .filter((h) => h.type === 'public' || h.type === 'bank')
        .map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, dates);
  }
  return dates;
}

/** Whether a YYYY-MM-DD date is a bank holiday in Scotland. */
export function isScottishBankHoliday(date: string): boolean {
  return yearOf(Number(date.slice(0, 4))).has(date);
}
