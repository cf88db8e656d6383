import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { isAdjustableClock, OffsetClock, type Clock } from '../../platform/clock';
import { escapeHtml, localErrorSummary, localPage, localSuccessBanner } from '../identity/local-page';

/**
 * The local service clock, at /local/clock: shows the service's date and time and moves it forward by whole
 * days, then runs the jobs that have fallen due (so applications expire at once). It exists so that people and
 * browser tests can see what happens 14 days later. Local services only; the clock is the app's own (an
 * OffsetClock in memory, or the tests' FakeClock).
 */
export const LOCAL_CLOCK_PATH = '/local/clock';

export const MAX_CLOCK_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const TITLE = 'Service clock';

export interface LocalClockOptions {
  clock: Clock;
  /** Runs every job that is due now; returns how many ran. */
  runDueJobs(): Promise<number>;
  serviceName: string;
}

/** The number of whole days to move, or the message to show against the field. */
export function parseClockDays(value: unknown): { days: number } | { error: string } {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return { error: 'Enter the number of days to move the clock forward' };
  if (!/^\d{1,6}$/.test(text)) return { error: 'The number of days must be a whole number, like 15' };
  const days = Number(text);
  if (days < 1 || days > MAX_CLOCK_DAYS)
    return { error: `The number of days must be between 1 and ${MAX_CLOCK_DAYS}` };
  return { days };
}

const londonDateTime = (date: Date) =>
  format(new TZDate(date.getTime(), 'Europe/London'), "EEEE d MMMM yyyy 'at' HH:mm:ss");

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function clockPage(
  serviceName: string,
  clock: Clock,
  state: { moved?: { days: number; jobs: number }; error?: string; value?: string } = {},
): string {
  const adjustable = isAdjustableClock(clock);
  const rows: [string, string][] = [['Date and time (UK)', londonDateTime(clock.now())]];
  if (clock instanceof OffsetClock) {
    const days = Math.round(clock.offsetMs / DAY_MS);
    rows.push(['Ahead of the real time by', days === 0 ? 'Not moved' : plural(days, 'day')]);
  }
  const summary = `<dl class="govuk-summary-list">${rows
    .map(
      ([key, value]) =>
        `<div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">${escapeHtml(key)}</dt><dd class="govuk-summary-list__value">${escapeHtml(value)}</dd></div>`,
    )
    .join('')}</dl>`;
  const banner = state.moved
    ? localSuccessBanner(
        'clock-banner-title',
        `The clock has moved forward by ${plural(state.moved.days, 'day')}`,
        `<p class="govuk-body">${plural(state.moved.jobs, 'job')} that had fallen due ran.</p>`,
      )
    : '';
  const error = state.error;
  const errorSummary = localErrorSummary(error ? [{ text: error, href: '#days' }] : []);
  const form = adjustable
    ? `<form method="post" action="${LOCAL_CLOCK_PATH}" novalidate>
  <div class="govuk-form-group${error ? ' govuk-form-group--error' : ''}">
    <h2 class="govuk-label-wrapper"><label class="govuk-label govuk-label--m" for="days">How many days do you want to move the clock forward?</label></h2>
    <div id="days-hint" class="govuk-hint">A whole number from 1 to ${MAX_CLOCK_DAYS}</div>
    ${error ? `<p id="days-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
    <input class="govuk-input govuk-input--width-3${error ? ' govuk-input--error' : ''}" id="days" name="days" type="text" inputmode="numeric" spellcheck="false" autocomplete="off" aria-describedby="days-hint${error ? ' days-error' : ''}" value="${escapeHtml(state.value ?? '')}">
  </div>
  <button type="submit" class="govuk-button" data-module="govuk-button">Move the clock forward</button>
</form>`
    : '<p class="govuk-body">This server was started with a clock that cannot be moved.</p>';
  const main = `${errorSummary}${banner}
<span class="govuk-caption-l">Local service clock</span>
<h1 class="govuk-heading-l">${TITLE}</h1>
<p class="govuk-body">The service's own date and time, which decides when applications expire and when sessions end. Moving it forward shows what happens days later without waiting.</p>
${summary}
<div class="govuk-inset-text">The clock only moves forward; restarting the server sets it back to the real time. Moving it ends everyone's session (they time out), and the jobs that fall due, such as expiring applications, run at once.</div>
${form}
<p class="govuk-body">Terminate applications on the <a class="govuk-link" href="/local/casework">local casework page</a>.</p>`;
  return localPage(serviceName, `${error ? 'Error: ' : ''}${TITLE}`, main);
}

export async function localClockRoutes(app: FastifyInstance, options: LocalClockOptions): Promise<void> {
  const { clock, serviceName } = options;

  app.get(LOCAL_CLOCK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const query = (request.query ?? {}) as { moved?: unknown; jobs?: unknown };
    const moved = parseClockDays(query.moved);
    const jobs = typeof query.jobs === 'string' && /^\d{1,6}$/.test(query.jobs) ? Number(query.jobs) : 0;
    return reply
      .type('text/html')
      .send(clockPage(serviceName, clock, 'days' in moved ? { moved: { days: moved.days, jobs } } : {}));
  });

  app.post(LOCAL_CLOCK_PATH, { config: { access: 'public', formPost: true } }, async (request, reply) => {
    if (!isAdjustableClock(clock)) {
      return reply.status(409).type('text/html').send(clockPage(serviceName, clock));
    }
    const value = (request.body as { days?: unknown } | undefined)?.days;
    const parsed = parseClockDays(value);
    if ('error' in parsed) {
      return reply
        .status(400)
        .type('text/html')
        .send(
          clockPage(serviceName, clock, {
            error: parsed.error,
            value: typeof value === 'string' ? value.slice(0, 20) : '',
          }),
        );
    }
    clock.advance(parsed.days * DAY_MS);
    const jobs = await options.runDueJobs();
    request.log.info({ days: parsed.days, jobs }, 'local service clock moved forward');
    return reply.redirect(`${LOCAL_CLOCK_PATH}?moved=${parsed.days}&jobs=${jobs}`, 303);
  });
}
