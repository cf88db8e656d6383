/** The part of the GOV.UK Notify client (notifications-node-client) this service uses; local.ts has the same shape. */
export interface NotifySender {
  sendEmail(
    templateId: string,
    emailAddress: string,
    options: { personalisation: Record<string, string>; reference?: string },
  ): Promise<{ id: string }>;
  sendSms(
    templateId: string,
    phoneNumber: string,
    options: { personalisation: Record<string, string>; reference?: string },
  ): Promise<{ id: string }>;
}

/**
 * A send Notify refused or could not take: `status` is Notify's HTTP status (undefined when no answer came, e.g. a
 * timeout or a refused connection). The message never carries the address or personalisation.
 */
export class NotifySendError extends Error {
  constructor(readonly status: number | undefined) {
    super(status === undefined ? 'Notify did not answer' : `Notify answered ${status}`);
    this.name = 'NotifySendError';
  }
}
