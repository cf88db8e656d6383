import { parseArgs } from 'node:util';
import {
  caseworkApplicationsContract,
  caseworkOutboxContract,
  delayReasonContract,
  issueResultContract,
  pathFor,
  RESULT_PRESET_NAMES,
  terminateApplicationContract,
  type EndpointContract,
  type ResponseOf,
} from '@dis/domain/contracts';
import { DEV_CASEWORK_API_TOKEN } from '../src/config';

// The casework API from a terminal, over HTTP with the bearer token:
//   npm run casework -- issue <reference> --preset <name> [--release-date YYYY-MM-DD]
//   npm run casework -- delay <reference> --reason "<text>"
//   npm run casework -- terminate <reference>
//   npm run casework -- list
//   npm run casework -- outbox        (what is stuck: unsent for minutes, or not delivered)
// The server is CASEWORK_URL (default http://localhost:$PORT or 3000); the token CASEWORK_API_TOKEN (default: the
// development token of a local server).

const usage = `Usage:
  npm run casework -- issue <reference> --preset <${RESULT_PRESET_NAMES.join('|')}> [--release-date YYYY-MM-DD]
  npm run casework -- delay <reference> --reason "<text>"
  npm run casework -- terminate <reference>
  npm run casework -- list
  npm run casework -- outbox`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    preset: { type: 'string' },
    'release-date': { type: 'string' },
    reason: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const server = (process.env.CASEWORK_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
  /\/$/,
  '',
);
const token = process.env.CASEWORK_API_TOKEN || DEV_CASEWORK_API_TOKEN;

async function call<C extends EndpointContract>(
  contract: C,
  params: Record<string, string>,
  body?: unknown,
): Promise<ResponseOf<C>> {
  const res = await fetch(`${server}${pathFor(contract.path, params)}`, {
    method: contract.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer: unknown = await res.json();
  if (!res.ok) {
    const error = answer as { message?: string; fieldErrors?: Record<string, string> };
    const fields = Object.entries(error.fieldErrors ?? {}).map(([field, text]) => `  ${field}: ${text}`);
    throw new Error([`${res.status}: ${error.message ?? 'refused'}`, ...fields].join('\n'));
  }
  return contract.response.parse(answer) as ResponseOf<C>;
}

async function main(): Promise<void> {
  const [command, reference] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  switch (command) {
    case 'list': {
      const { applications } = await call(caseworkApplicationsContract, {});
      for (const a of applications) {
        console.log(
          `${a.reference}\t${a.typeCode}\t${a.status}${a.result ? `\tresult ${a.result.resultId}` : ''}`,
        );
      }
      return;
    }
    case 'outbox': {
      const { unsent, undelivered } = await call(caseworkOutboxContract, {});
      const line = (m: (typeof unsent)[number]) =>
        [
          m.createdAt,
          m.channel,
          m.template,
          m.about ?? '-',
          m.status,
          `tries ${m.attempts}`,
          m.lastError ?? '',
        ]
          .concat(m.deliveryStatus ? [`notify ${m.deliveryStatus}`] : [])
          .concat(m.nextAttemptAt && m.status === 'pending' ? [`next ${m.nextAttemptAt}`] : [])
          .join('\t');
      console.log(`Unsent for more than 5 minutes: ${unsent.length}`);
      for (const m of unsent) console.log(line(m));
      console.log(`Not delivered: ${undelivered.length}`);
      for (const m of undelivered) console.log(`${line(m)}\t${m.recipient}`);
      if (unsent.length > 0) process.exitCode = 2;
      return;
    }
    case 'issue': {
      if (!reference || !values.preset) throw new Error(usage);
      const issued = await call(
        issueResultContract,
        { reference },
        {
          preset: values.preset,
          ...(values['release-date'] ? { scheduledPendingReleaseDate: values['release-date'] } : {}),
        },
      );
      console.log(`Issued ${issued.preset} for ${issued.applicationReference}: result ${issued.resultId}`);
      return;
    }
    case 'delay': {
      if (!reference || !values.reason) throw new Error(usage);
      await call(delayReasonContract, { reference }, { reason: values.reason });
      console.log(`Saved the delay reason of ${reference}`);
      return;
    }
    case 'terminate': {
      if (!reference) throw new Error(usage);
      const done = await call(terminateApplicationContract, { reference });
      console.log(`Terminated ${done.reference} (was ${done.previousStatus})`);
      return;
    }
    default:
      throw new Error(usage);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
