import {
  appealDeadline,
  appealReminderWindow,
  applicationTypeName,
  resultUnviewedWindow,
  shareWindowReminderWindow,
  viewingEndsWindow,
  type ReminderKind,
  type ReminderWindow,
} from '@dis/domain';
import type { ReminderDeps } from './deps';
import { dayOf, type ReminderWriter } from './writing';

type ResultCandidate = Awaited<ReturnType<ReminderDeps['results']['reminderCandidates']>>[number];

/** Each reminder a result may be due: its kind, its window and the deadline the email names (if not the window's end). */
function resultReminderWindows(
  result: ResultCandidate,
): [Exclude<ReminderKind, 'countersignatory'>, ReminderWindow | null, string | undefined][] {
  const windows: [Exclude<ReminderKind, 'countersignatory'>, ReminderWindow | null, string | undefined][] =
    [];
  const viewed = result.firstViewedAt !== null || result.basicOpened;
  if (!viewed) windows.push(['result-unviewed', resultUnviewedWindow(result.createdAt), undefined]);
  if (result.typeCode !== 'BD')
    windows.push(['viewing-ends', viewingEndsWindow(result.firstViewedAt), undefined]);
  if (result.mayShare && result.shareExpiryDate)
    windows.push([
      'share-window',
      shareWindowReminderWindow(result.shareExpiryDate),
      dayOf(result.shareExpiryDate),
    ]);
  if (result.appealPending && result.scheduledPendingReleaseDate)
    windows.push([
      'appeal',
      appealReminderWindow(result.scheduledPendingReleaseDate),
      dayOf(appealDeadline(result.scheduledPendingReleaseDate)),
    ]);
  return windows;
}

/** Results: not viewed 3 days after ready; 2 days before viewing ends or the share window closes; appeals. */
export async function resultReminders(
  deps: ReminderDeps,
  writer: ReminderWriter,
  now: Date,
): Promise<(string | null)[]> {
  const ids: (string | null)[] = [];
  for (const result of await deps.results.reminderCandidates(now)) {
    const email = await writer.applicantEmail(result.applicantUserId);
    const subject = { id: result.id, userId: result.applicantUserId, email };
    const facts = {
      applicationReference: result.applicationReference,
      applicationType: applicationTypeName(result.typeCode),
    };
    for (const [kind, window, deadline] of resultReminderWindows(result))
      ids.push(await writer.remind(kind, subject, window, facts, now, deadline));
  }
  return ids;
}
