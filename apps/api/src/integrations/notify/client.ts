import { NotifyClient } from 'notifications-node-client';
import { NotifySendError, type NotifySender } from './types';

/** Notify's HTTP status from the client's (axios) error, or undefined when no answer came. */
function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

/** GOV.UK Notify through its official client; its errors become `NotifySendError` (status only, no content). */
export function createNotifyClient(apiKey: string): NotifySender {
  const client = new NotifyClient(apiKey);
  const send = async (call: () => Promise<{ data: { id: string } }>) => {
    try {
      const res = await call();
      return { id: res.data.id };
    } catch (error) {
      throw new NotifySendError(statusOf(error));
    }
  };
  return {
    sendEmail: (templateId, emailAddress, options) =>
      send(() => client.sendEmail(templateId, emailAddress, options)),
    sendSms: (templateId, phoneNumber, options) =>
      send(() => client.sendSms(templateId, phoneNumber, options)),
  };
}
