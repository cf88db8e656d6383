import type { Env } from './read';

/** The GOV.UK Notify template of each email and text message (texts in integrations/notify/templates.ts). */
export interface NotifyTemplateSettings {
  /** GOV.UK Notify template of the hand-over email. */
  notifyHandoverTemplateId: string;
  /** Notify templates of the "your result is ready" and "review decision" emails. */
  notifyResultReadyTemplateId: string;
  notifyReviewDecisionTemplateId: string;
  notifyOneTimeCodeTemplateId: string;
  /** Notify template of the email that carries a recipient's shared-result link. */
  notifySharedLinkTemplateId: string;
  /** Notify template of a lead countersignatory's corrected organisation details. */
  notifyOrganisationReportTemplateId: string;
  /** Notify template of the email when an unverified Level 1 is cancelled for missing identity documents (0055). */
  notifyIdentityDocumentsCancelledTemplateId: string;
  /** Notify templates of the reminders (decision 0041), by the outbox's name of each. */
  notifyReminderTemplateIds: {
    handover: string;
    draft: string;
    resultUnviewed: string;
    viewingEnds: string;
    shareWindow: string;
    appeal: string;
    countersignatory: string;
  };
}

/** NOTIFY_TEMPLATE_*: each template's id; local names by default (production requires the real ones). */
export function readNotifyTemplates(env: Env): NotifyTemplateSettings {
  return {
    notifyHandoverTemplateId: env.NOTIFY_TEMPLATE_HANDOVER ?? 'local-template-organisation-handover',
    notifyResultReadyTemplateId: env.NOTIFY_TEMPLATE_RESULT_READY ?? 'local-template-result-ready',
    notifyReviewDecisionTemplateId: env.NOTIFY_TEMPLATE_REVIEW_DECISION ?? 'local-template-review-decision',
    notifyOneTimeCodeTemplateId: env.NOTIFY_TEMPLATE_ONE_TIME_CODE ?? 'local-template-one-time-code',
    notifySharedLinkTemplateId: env.NOTIFY_TEMPLATE_SHARED_LINK ?? 'local-template-shared-link',
    notifyOrganisationReportTemplateId:
      env.NOTIFY_TEMPLATE_ORGANISATION_REPORT ?? 'local-template-organisation-details-report',
    notifyIdentityDocumentsCancelledTemplateId:
      env.NOTIFY_TEMPLATE_IDENTITY_DOCUMENTS_CANCELLED ?? 'local-template-identity-documents-cancelled',
    notifyReminderTemplateIds: {
      handover: env.NOTIFY_TEMPLATE_REMINDER_HANDOVER ?? 'local-template-reminder-handover',
      draft: env.NOTIFY_TEMPLATE_REMINDER_DRAFT ?? 'local-template-reminder-draft',
      resultUnviewed:
        env.NOTIFY_TEMPLATE_REMINDER_RESULT_UNVIEWED ?? 'local-template-reminder-result-unviewed',
      viewingEnds: env.NOTIFY_TEMPLATE_REMINDER_VIEWING_ENDS ?? 'local-template-reminder-viewing-ends',
      shareWindow: env.NOTIFY_TEMPLATE_REMINDER_SHARE_WINDOW ?? 'local-template-reminder-share-window',
      appeal: env.NOTIFY_TEMPLATE_REMINDER_APPEAL ?? 'local-template-reminder-appeal',
      countersignatory:
        env.NOTIFY_TEMPLATE_REMINDER_COUNTERSIGNATORY ?? 'local-template-reminder-countersignatory',
    },
  };
}
