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
