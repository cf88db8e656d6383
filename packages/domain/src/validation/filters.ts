import { z } from 'zod';
import { objectOf, memoiseSchemaFactory } from './structure';
import { APPLICATION_STATUS_FILTERS } from '../codes';
import {
  APPLICANT_PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  MAX_APPLICANT_NAME_FILTER_LENGTH,
  MAX_CSG_CODE_FILTER_LENGTH,
} from '../limits';
import type { ClockOptions } from './date-of-birth';
import type { CalendarDate } from './dates';
import { dateKey, isRealDate, londonToday, parseIsoDate, toIsoDate } from './dates';
import { normaliseText } from './normalise';
import { NAME_PATTERN, optionalText } from './text';
import { ORGANISATION_PAGE_SIZES } from '../limits';

export const CSG_CODE_PATTERN = /^[A-Za-z0-9]+$/;
export const VIEWED_STATUSES = ['VIEWED', 'NOT_VIEWED'] as const;
/** The results search panel: the countersignatory's own results or the whole organisation's. */
export const RESULTS_VIEWS = ['MINE', 'ORGANISATION'] as const;
export const PAGE_SIZES = [...new Set([...APPLICANT_PAGE_SIZES, ...ORGANISATION_PAGE_SIZES])].sort(
  (a, b) => a - b,
);

/** DD/MM/YYYY (one-digit day and month accepted) to a calendar date, or undefined when not a real date. */
export function parseDisplayDate(value: string): CalendarDate | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : undefined;
}

function optionalEnum<const T extends readonly [string, ...string[]]>(values: T, key: string) {
  return z.preprocess(normaliseText, z.enum(values, { error: key }).optional());
}

/** A list's applicant name and countersignatory code filters, with the list's own messages. */
function nameAndCodeShape(list: 'applicationsFilter' | 'resultsFilter') {
  return {
    applicantName: optionalText(`${list}.applicantName`, {
      max: MAX_APPLICANT_NAME_FILTER_LENGTH,
      pattern: NAME_PATTERN,
    }),
    csgCode: optionalText(`${list}.csgCode`, { max: MAX_CSG_CODE_FILTER_LENGTH, pattern: CSG_CODE_PATTERN }),
  };
}

/**
 * The results search panel. Every field is optional; dateOfIssue is DD/MM/YYYY, a real date and not in the
 * future (a result issued today can be searched for).
 */
function buildResultsFilterFormSchema(options: ClockOptions = {}) {
  return objectOf({
    ...nameAndCodeShape('resultsFilter'),
    dateOfIssue: z.preprocess(
      normaliseText,
      z
        .string({ error: 'resultsFilter.dateOfIssue.invalid' })
        .superRefine((value, ctx) => {
          const date = parseDisplayDate(value);
          if (!date) {
            ctx.addIssue({ code: 'custom', message: 'resultsFilter.dateOfIssue.invalid' });
          } else if (dateKey(date) > dateKey(londonToday(options.now ?? new Date()))) {
            ctx.addIssue({ code: 'custom', message: 'resultsFilter.dateOfIssue.future' });
          }
        })
        .optional(),
    ),
    viewedStatus: optionalEnum(VIEWED_STATUSES, 'resultsFilter.viewedStatus.invalid'),
    viewCsg: optionalEnum(RESULTS_VIEWS, 'resultsFilter.viewCsg.invalid'),
  });
}
export const resultsFilterFormSchema = memoiseSchemaFactory(buildResultsFilterFormSchema);
export type ResultsFilter = z.output<ReturnType<typeof resultsFilterFormSchema>>;

/** The query of GET /api/organisation/{orgCode}/results-summary: dateOfIssue as YYYY-MM-DD, empty filters dropped. */
export const resultsSummaryQuerySchema = objectOf({
  ...nameAndCodeShape('resultsFilter'),
  dateOfIssue: z.preprocess(
    normaliseText,
    z
      .string({ error: 'resultsFilter.dateOfIssue.invalid' })
      .refine((value) => parseIsoDate(value) !== undefined, 'resultsFilter.dateOfIssue.invalid')
      .optional(),
  ),
  viewedStatus: optionalEnum(VIEWED_STATUSES, 'resultsFilter.viewedStatus.invalid'),
  userId: optionalText('payload', { max: 100 }),
  // Not in the spec: the summary is paged like the applications list (docs/decisions/0032-results-summary-pages.md).
  ...pagingShape('resultsFilter', ORGANISATION_PAGE_SIZES),
});

/** Turns the search panel's answers into the results-summary query (DD/MM/YYYY becomes YYYY-MM-DD). */
export function resultsFilterToQuery(
  filter: ResultsFilter,
  userId?: string,
): Omit<z.output<typeof resultsSummaryQuerySchema>, 'page' | 'pageSize'> {
  const date = filter.dateOfIssue === undefined ? undefined : parseDisplayDate(filter.dateOfIssue);
  const query = {
    applicantName: filter.applicantName,
    csgCode: filter.csgCode,
    dateOfIssue: date && toIsoDate(date),
    viewedStatus: filter.viewedStatus,
    // Only "my results" is limited to one countersignatory.
    userId: filter.viewCsg === 'MINE' ? userId : undefined,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

function toBooleanFlag(value: unknown): unknown {
  const text = normaliseText(value);
  return text === 'true' ? true : text === 'false' ? false : text;
}

function toPositiveInteger(value: unknown): unknown {
  const text = normaliseText(value);
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : text;
}

/**
 * A list's `pageSize`: one of `sizes` (20 when not sent), else the list's own message (`{list}.pageSize.invalid`),
 * which the API answers as a field error of the standard error body.
 */
export function pageSizeSchema(list: 'applicationsFilter' | 'resultsFilter', sizes: readonly number[]) {
  return z.preprocess(
    toPositiveInteger,
    z
      .number({ error: `${list}.pageSize.invalid` })
      .refine((size) => sizes.includes(size), `${list}.pageSize.invalid`)
      .default(DEFAULT_PAGE_SIZE),
  );
}

/** A list's `page` (from 1) and `pageSize` (one of `sizes`), with the list's own messages. */
function pagingShape(list: 'applicationsFilter' | 'resultsFilter', sizes: readonly number[]) {
  return {
    /** Pages count from 1. */
    page: z.preprocess(
      toPositiveInteger,
      z
        .number({ error: `${list}.page.invalid` })
        .int(`${list}.page.invalid`)
        .min(1, `${list}.page.invalid`)
        .default(1),
    ),
    pageSize: pageSizeSchema(list, sizes),
  };
}

const applicationsFilterShape = {
  ...nameAndCodeShape('applicationsFilter'),
  status: optionalEnum(APPLICATION_STATUS_FILTERS, 'applicationsFilter.status.invalid'),
  ...pagingShape('applicationsFilter', PAGE_SIZES),
  searchedAt: z.preprocess(
    normaliseText,
    z.iso.datetime({ offset: true, error: 'applicationsFilter.searchedAt.invalid' }).optional(),
  ),
};

/** The applications list filter (query string values): applicant name, CSG code, status, whose, paging. */
export const applicationsFilterSchema = objectOf({
  ...applicationsFilterShape,
  orgResults: z.preprocess(
    toBooleanFlag,
    z.boolean({ error: 'applicationsFilter.orgResults.invalid' }).optional(),
  ),
});
export type ApplicationsFilter = z.output<typeof applicationsFilterSchema>;

/** The query of GET /ags/disclosure-summaries. */
export const disclosureSummariesQuerySchema = objectOf({
  ...applicationsFilterShape,
  showOrganisationDisclosures: z.preprocess(
    toBooleanFlag,
    z.boolean({ error: 'applicationsFilter.orgResults.invalid' }).optional(),
  ),
});
