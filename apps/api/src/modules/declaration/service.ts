import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { isDeclarationSignedToday, TIME_ZONE } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { latestDeclaration, recordDeclaration } from './store';

export async function declarationStatus(db: Db, userId: string, now: Date) {
  const signedOn = await latestDeclaration(db, userId);
  return { signedOn, signedToday: isDeclarationSignedToday(signedOn, now) };
}

export async function signDeclaration(db: Db, userId: string, now: Date, requestId: string) {
  // The declaration is for the calendar day in the UK, whatever the server's own time zone.
  const signedOn = format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');
  await db.transaction().execute(async (trx) => {
    await recordDeclaration(trx, userId, signedOn, now);
    await writeAudit(trx, {
      event: 'declaration.signed',
      outcome: 'success',
      userId,
      requestId,
      detail: { signedOn },
    });
  });
  return { signedOn, signedToday: true as const };
}
