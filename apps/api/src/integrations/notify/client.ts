import { NotifyClient } from 'notifications-node-client';
import type { NotifySender } from './types';

/** GOV.UK Notify through its official client. */
export function createNotifyClient(apiKey: string): NotifySender {
  const client = new NotifyClient(apiKey);
  return {
    async sendEmail(templateId, emailAddress, options) {
      const res = await client.sendEmail(templateId, emailAddress, options);
      return { id: res.data.id };
    },
    async sendSms(templateId, phoneNumber, options) {
      const res = await client.sendSms(templateId, phoneNumber, options);
      return { id: res.data.id };
    },
  };
}
