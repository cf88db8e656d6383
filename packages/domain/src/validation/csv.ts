import { parse } from 'csv-parse/sync';
import type { BackendCode } from '../codes';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_MIN_ROWS } from '../limits';

/** Prefix of letters and digits, underscore, 8 digits (date), underscore, 6 digits (time), .csv. */
export const CSV_FILENAME_PATTERN = /^[A-Za-z0-9]+_\d{8}_\d{6}\.csv$/;

export type CsvUploadErrorCode = Extract<
  BackendCode,
  | 'RB_CODE_DOES_NOT_MATCH_USER'
  | 'INVALID_FILENAME_FORMAT'
  | 'CSV_EXCEEDS_ROW_LIMIT'
  | 'CSV_NO_CONTENT'
  | 'CSV_FILE_REQUIRED'
  | 'CSV_EXCEEDS_SIZE_LIMIT'
  | 'CSV_INVALID_FORMAT'
>;

export interface CsvUpload {
  filename: string | undefined;
  sizeBytes: number;
  content: string;
  /** The registered body code of the signed-in countersignatory's organisation. */
  registeredBodyCode: string;
}

export type CsvUploadResult =
  { ok: true; header: string[]; rows: string[][] } | { ok: false; code: CsvUploadErrorCode };

/**
 * The checks on a batch file that need no I/O, in the order a user can fix them: a file, its size, its name,
 * the registered body code in the name, then 1 to 100 data rows (blank lines ignored, header excluded).
 * Already-used names and the virus scan are checked by the server.
 */
export function validateCsvUpload({
  filename,
  sizeBytes,
  content,
  registeredBodyCode,
}: CsvUpload): CsvUploadResult {
  if (!filename || sizeBytes <= 0) return { ok: false, code: 'CSV_FILE_REQUIRED' };
  if (sizeBytes > CSV_MAX_BYTES) return { ok: false, code: 'CSV_EXCEEDS_SIZE_LIMIT' };
  if (!CSV_FILENAME_PATTERN.test(filename)) return { ok: false, code: 'INVALID_FILENAME_FORMAT' };
  if (
    registeredBodyCode.trim() === '' ||
    !filename.toUpperCase().includes(registeredBodyCode.trim().toUpperCase())
  ) {
    return { ok: false, code: 'RB_CODE_DOES_NOT_MATCH_USER' };
  }
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      trim: true,
    });
  } catch {
    return { ok: false, code: 'CSV_INVALID_FORMAT' };
  }
  const [header, ...rows] = records;
  if (!header || rows.length < CSV_MIN_ROWS) return { ok: false, code: 'CSV_NO_CONTENT' };
  if (rows.length > CSV_MAX_ROWS) return { ok: false, code: 'CSV_EXCEEDS_ROW_LIMIT' };
  return { ok: true, header, rows };
}
