import { applicationTypeName, RESULT_VIEWING_DAYS } from '@dis/domain';
import type { ReviewDecision } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import type { ApplicantContact, ResultsDeps } from './types';

/** The emails the applicant is sent about a result, written in the outbox of the change that prompts them. */
export function createResultEmails(deps: Pick<ResultsDeps, 'outbox' | 'publicUrl'>) {
  const signInLink = () => `${deps.publicUrl}/oauth2/authorization/dis`;

  /** Each email its own fields (the outbox keeps only those of MESSAGE_FIELDS in any case). */
  function personalisation(
    kind: 'result-ready' | 'review-decision',
    contact: ApplicantContact,
    decision: ReviewDecision | undefined,
  ): Record<string, string> {
    return kind === 'result-ready'
      ? {
          applicantName: contact.name,
          applicationReference: contact.reference,
          applicationType: applicationTypeName(contact.typeCode),
          viewingDays: String(RESULT_VIEWING_DAYS),
          signInLink: signInLink(),
        }
      : {
          applicantName: contact.name,
          applicationReference: contact.reference,
          signInLink: signInLink(),
          decisionText:
            decision === 'SUCCESSFUL'
              ? 'Your review was successful. Your scheme record has been changed.'
              : 'Your review was not successful. Your scheme record has not changed. You may ask an independent reviewer to look at the decision.',
        };
  }

  return {
    /**
     * In the change's transaction: "your result is ready" or the review decision (no result content in the email)
     * in the outbox, and its audit record. Returns the message's id for `sendWritten` after the commit.
     */
    async emailApplicant(
      trx: Db,
      kind: 'result-ready' | 'review-decision',
      contact: ApplicantContact,
      extra: { decision?: ReviewDecision; resultId?: string } = {},
    ): Promise<string | null> {
      const messageId = contact.email
        ? await deps.outbox.enqueue(trx, {
            channel: 'email',
            template: kind,
            to: contact.email,
            personalisation: personalisation(kind, contact, extra.decision),
            ...(extra.resultId ? { about: { type: 'result', id: extra.resultId } } : {}),
          })
        : null;
      await writeAudit(trx, {
        event: kind === 'result-ready' ? 'result.email_ready' : 'result.email_review_decision',
        outcome: messageId ? 'success' : 'failure',
        detail: { applicationReference: contact.reference },
      });
      return messageId;
    },

    /** After the commit: sends the messages written in it now (the outbox job sends any it could not). */
    sendWritten: (ids: readonly (string | null)[]) => deps.outbox.dispatch(ids),
  };
}

export type ResultEmails = ReturnType<typeof createResultEmails>;
