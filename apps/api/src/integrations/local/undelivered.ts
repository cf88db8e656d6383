import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, localPage } from '../identity/local-page';
import { captionedTable, tableCell } from './page-parts';
import { LOCAL_CASEWORK_PATH } from './casework';

/** One message that was not delivered, as the outbox lists it (no personalisation). */
export interface UndeliveredMessage {
  id: string;
  channel: 'email' | 'sms';
  template: string;
  recipient: string;
  about: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  deliveryStatus: string | null;
  createdAt: string;
}

/** What this page needs: the outbox's list of messages not delivered, newest first. */
export interface UndeliveredPort {
  undelivered(): Promise<UndeliveredMessage[]>;
}

const londonDateTime = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/London'), 'd MMMM yyyy, HH:mm');

/** Why it was not delivered, in words. */
function reasonOf(message: UndeliveredMessage): string {
  if (message.deliveryStatus === 'permanent-failure')
    return 'Notify: the address does not exist or refused it';
  if (message.deliveryStatus === 'technical-failure') return 'Notify: a technical failure';
  if (message.status === 'expired') return 'Not sent before it expired';
  return `Notify would not take it after ${message.attempts} tries (${message.lastError ?? 'error'})`;
}

/**
 * /local/casework/undelivered: the emails and text messages the service could not deliver (permanent failures
 * reported by Notify, and messages the outbox gave up on), for caseworkers to follow up. Local only.
 */
export async function localUndeliveredRoutes(
  app: FastifyInstance,
  { outbox, serviceName }: { outbox: UndeliveredPort; serviceName: string },
): Promise<void> {
  app.get(`${LOCAL_CASEWORK_PATH}/undelivered`, { config: { access: 'public' } }, async (_request, reply) => {
    const messages = await outbox.undelivered();
    const cell = tableCell;
    const rows = messages
      .map(
        (m) => `<tr class="govuk-table__row">
    ${cell(escapeHtml(londonDateTime(m.createdAt)))}
    ${cell(escapeHtml(m.channel === 'email' ? 'Email' : 'Text message'))}
    ${cell(escapeHtml(m.template))}
    ${cell(escapeHtml(m.recipient))}
    ${cell(escapeHtml(m.about ?? ''))}
    ${cell(escapeHtml(reasonOf(m)))}
  </tr>`,
      )
      .join('\n');
    const table = messages.length
      ? captionedTable({
          id: 'undelivered-caption',
          caption: 'Messages not delivered, newest first',
          headings: ['Written', 'Kind', 'Message', 'To', 'About', 'Why'],
          rows: rows,
        })
      : '<p class="govuk-body">Every message has been delivered or is on its way.</p>';
    const main = `<a href="${LOCAL_CASEWORK_PATH}" class="govuk-back-link">Back to casework</a>
<span class="govuk-caption-l">Local case-management system</span>
<h1 class="govuk-heading-l">Messages not delivered</h1>
<p class="govuk-body">Emails and text messages that GOV.UK Notify could not deliver, or that the service stopped trying to send. Check the address with the person and, where the service allows it, ask them to try again.</p>
${table}`;
    return reply
      .type('text/html')
      .send(localPage(serviceName, 'Messages not delivered', main, { fullWidth: true }));
  });
}
