import type { z } from 'zod';
import type { cspReportContract } from '@dis/domain/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { insertCspReports, type CspReportRow } from './store';

/** At most this many reports are kept from one request (a Reporting API batch). */
export const MAX_REPORTS_PER_REQUEST = 10;

export type CspReportBody = z.output<typeof cspReportContract.body>;

// Tokens, link ids and references in paths are credentials or identifiers: kept out of the table.
const IDENTIFIER = /^(?=.*\d)[A-Za-z0-9_-]{8,}$/;

/** A URL as a path with every identifier-like segment masked, and no query string or fragment. */
export function maskedPath(value: string | undefined): string {
  if (!value) return '';
  let url: URL;
  try {
    url = new URL(value, 'http://invalid.invalid');
  } catch {
    return '';
  }
  const path = url.pathname
    .split('/')
    .map((segment) => (IDENTIFIER.test(segment) ? ':id' : segment))
    .join('/');
  return url.origin === 'http://invalid.invalid' ? path : `${url.origin}${path}`;
}

/** What was blocked: a keyword (inline, eval, data) as sent, a URL as its origin only. */
function blockedWhat(value: string | undefined): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    return url.origin === 'null' ? `${url.protocol}` : url.origin;
  } catch {
    return value.slice(0, 64);
  }
}

const cut = (value: string | undefined, length = 128) => (value ?? '').slice(0, length);

function rowsOf(body: CspReportBody): CspReportRow[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        documentPath: maskedPath(r['document-uri']),
        directive: cut(r['effective-directive'] ?? r['violated-directive']),
        blocked: blockedWhat(r['blocked-uri']),
        source: r['source-file']
          ? `${maskedPath(r['source-file'])}${r['line-number'] ? `:${r['line-number']}` : ''}`
          : null,
        disposition: cut(r.disposition ?? 'enforce', 16),
      },
    ];
  }
  return body
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ body: r }) => ({
      documentPath: maskedPath(r?.documentURL),
      directive: cut(r?.effectiveDirective),
      blocked: blockedWhat(r?.blockedURL),
      source: r?.sourceFile ? `${maskedPath(r.sourceFile)}${r.lineNumber ? `:${r.lineNumber}` : ''}` : null,
      disposition: cut(r?.disposition ?? 'enforce', 16),
    }));
}

export interface CspReportDeps {
  db: Db;
  clock: Clock;
}

/** The policy-violation reports' service, built once in `services.ts`. */
export function createCspReportService({ db, clock }: CspReportDeps) {
  return {
    /** Keeps the body's reports (at most `MAX_REPORTS_PER_REQUEST`), masked; returns how many. */
    async record(body: CspReportBody): Promise<number> {
      const rows = rowsOf(body).slice(0, MAX_REPORTS_PER_REQUEST);
      await insertCspReports(db, rows, clock.now());
      return rows.length;
    },
  };
}

export type CspReportService = ReturnType<typeof createCspReportService>;
