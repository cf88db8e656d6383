import { Counter, Gauge, register } from 'prom-client';

/**
 * The outbox's figures on prom-client's default registry (served by the service's /metrics): unsent rows, the age of
 * the oldest, and sends by template and outcome. Metrics are process-wide: with several apps in one process (tests)
 * the gauges read the database of the last one built.
 */

type DepthSource = () => Promise<{ count: number; oldest: Date | null }>;
let source: { depth: DepthSource; now: () => Date } | undefined;

function gauge(
  name: string,
  help: string,
  read: (d: { count: number; oldest: Date | null }, now: Date) => number,
) {
  const existing = register.getSingleMetric(name);
  if (existing) return existing;
  return new Gauge({
    name,
    help,
    async collect() {
      if (!source) return;
      this.set(read(await source.depth(), source.now()));
    },
  });
}

gauge('outbox_depth', 'Emails and text messages written and not yet sent', (d) => d.count);
gauge(
  'outbox_oldest_unsent_age_seconds',
  'Age of the oldest unsent message, in seconds (0 when none)',
  (d, now) => (d.oldest === null ? 0 : Math.max(0, (now.getTime() - d.oldest.getTime()) / 1000)),
);

const sends =
  (register.getSingleMetric('outbox_sends_total') as Counter<'template' | 'outcome'> | undefined) ??
  new Counter({
    name: 'outbox_sends_total',
    help: 'Outbox sends by template and outcome (sent, retried, failed, expired), and delivery callbacks by status',
    labelNames: ['template', 'outcome'] as const,
  });

export function countSend(template: string, outcome: string): void {
  sends.inc({ template, outcome });
}

/** The database the depth gauges read (called when the app is built). */
export function watchOutbox(depth: DepthSource, now: () => Date): void {
  source = { depth, now };
}
