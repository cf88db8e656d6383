import { appealTransition, isPendingReleaseDue } from '@dis/domain';
import { LIST_LIMIT, type ResultsCore } from './core';
import { appealStateOf } from './rows';
import * as store from './store';

/** The release job's work (the `results.release` job calls it). */
export function createReleaseJob(core: ResultsCore) {
  const { db, audit } = core;

  return {
    /**
     * The release job: results still held back whose scheduled pending release date has come are released to
     * the organisation, each exactly once (the conditional update wins for one worker only), an intended appeal
     * with no outcome recorded too (spec 02 section 4; decision 0047).
     */
    async releaseDue(now: Date): Promise<number> {
      const due = await store.listDueForRelease(db, now.toISOString().slice(0, 10), LIST_LIMIT);
      let released = 0;
      for (const { id } of due) {
        const changed = await db.transaction().execute(async (trx) => {
          const row = await store.findResult(trx, id, true);
          if (!row?.scheduled_pending_release_date) return false;
          if (!isPendingReleaseDue(row.scheduled_pending_release_date, now)) return false;
          const next = appealTransition(appealStateOf(row), 'SCHEDULED_RELEASE');
          if (!next.ok) return false;
          const won = await store.updateResultOnce(
            trx,
            id,
            {
              appeal_decision: next.state.appealDecision,
              released_to_organisation_at: now,
              released_by: 'schedule',
            },
            'released_to_organisation_at',
          );
          // The decision it had: an intended appeal is released too (spec 02 section 4; decision 0047).
          if (won)
            await audit(
              'result.released',
              'success',
              {},
              { resultId: id, by: 'schedule', appealDecision: row.appeal_decision },
              trx,
            );
          return won;
        });
        if (changed) released += 1;
      }
      return released;
    },
  };
}
