import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { escapeHtml, localPage } from '../identity/local-page';
import { render, TEMPLATES } from './templates';
import { insertOutboxMessage, latestOutboxMessages } from './store';
import type { NotifySender } from './types';

/** What Notify posts to the service's delivery callback. */
export interface DeliveryReport {
  id: string;
  reference: string | null;
  to: string;
  status: 'delivered' | 'permanent-failure';
  notification_type: 'email' | 'sms';
  template_id: string;
  created_at: string;
  completed_at: string;
  sent_at: string;
}

/** An address this stand-in cannot deliver to (Notify's permanent failure): any ending `@bounce.example`. */
export const BOUNCING_EMAIL = /@bounce\.example$/i;

/**
 * Local stand-in for GOV.UK Notify: every message is stored in its own table and listed at /local/notify. Like
 * Notify it then reports delivery to the service's callback (`callback`, when given): `permanent-failure` for an
 * email address ending `@bounce.example`, `delivered` for any other.
 */
export function createLocalNotify(
  db: Db,
  clock: Clock,
  callback?: (report: DeliveryReport) => Promise<void>,
): NotifySender {
  async function store(
    kind: 'email' | 'sms',
    templateId: string,
    to: string,
    { personalisation, reference }: { personalisation: Record<string, string>; reference?: string },
  ) {
    const template = TEMPLATES[templateId];
    if (!template) throw new Error(`Unknown local Notify template ${templateId}`);
    const id = randomUUID();
    await insertOutboxMessage(db, {
      id,
      kind,
      templateId,
      to,
      subject: render(template.subject, personalisation),
      body: render(template.body, personalisation),
      personalisation,
      reference: reference ?? null,
      createdAt: clock.now(),
    });
    if (callback) {
      const at = clock.now().toISOString();
      await callback({
        id,
        reference: reference ?? null,
        to,
        status: kind === 'email' && BOUNCING_EMAIL.test(to) ? 'permanent-failure' : 'delivered',
        notification_type: kind,
        template_id: templateId,
        created_at: at,
        completed_at: at,
        sent_at: at,
      });
    }
    return { id };
  }
  return {
    sendEmail: (templateId, emailAddress, options) => store('email', templateId, emailAddress, options),
    // A text message has no subject: the template's subject names it in the outbox list.
    sendSms: (templateId, phoneNumber, options) => store('sms', templateId, phoneNumber, options),
  };
}

async function outbox(db: Db) {
  const rows = await latestOutboxMessages(db, 200);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
    personalisation: r.personalisation,
    reference: r.reference,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The outbox page (for people) and JSON (for tests and scripts), newest first. Local services only. */
export async function localNotifyRoutes(
  app: FastifyInstance,
  { db, serviceName }: { db: Db; serviceName: string },
): Promise<void> {
  app.get('/local/notify/messages', { config: { access: 'public' } }, async () => outbox(db));

  app.get('/local/notify', { config: { access: 'public' } }, async (_request, reply) => {
    const messages = await outbox(db);
    const items = messages
      .map(
        (m) => `<div class="govuk-summary-card">
  <div class="govuk-summary-card__title-wrapper"><h2 class="govuk-summary-card__title">${escapeHtml(m.subject)}</h2></div>
  <div class="govuk-summary-card__content"><dl class="govuk-summary-list">
    <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">To</dt><dd class="govuk-summary-list__value">${escapeHtml(m.to)}</dd></div>
    <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Sent</dt><dd class="govuk-summary-list__value">${escapeHtml(m.createdAt)}</dd></div>
    <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Message</dt><dd class="govuk-summary-list__value"><pre class="govuk-body">${escapeHtml(m.body)}</pre></dd></div>
  </dl></div>
</div>`,
      )
      .join('\n');
    const main = `<h1 class="govuk-heading-l">Outbox</h1>
<p class="govuk-body">Emails and text messages the service has sent, newest first. They are also available as JSON at <a class="govuk-link" href="/local/notify/messages">/local/notify/messages</a>.</p>
${messages.length ? items : '<p class="govuk-body">No messages yet.</p>'}`;
    return reply.type('text/html').send(localPage(serviceName, 'Outbox', main));
  });
}
