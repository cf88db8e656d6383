import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { isDeclarationSignedToday, TIME_ZONE } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
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

export interface DeclarationDeps {
  db: Db;
  clock: Clock;
}

/** The declaration routes' service, built once in `services.ts`: the caller's declaration of today's date. */
export function createDeclarationService({ db, clock }: DeclarationDeps) {
  return {
    status: (userId: string) => declarationStatus(db, userId, clock.now()),
    sign: (userId: string, requestId: string) => signDeclaration(db, userId, clock.now(), requestId),
  };
}

export type DeclarationService = ReturnType<typeof createDeclarationService>;
