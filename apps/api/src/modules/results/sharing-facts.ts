import {
  isApplicationTypeCode,
  isResultViewable,
  isSchemeRecordType,
  type Channel,
  type ShareChannelRules,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { resultNotFound, type ResultsCore } from './core';
import { shareSectionOf, typeOf } from './rows';
import * as store from './store';
import type { Caller } from './types';

/** What the sharing module (and casework's print requests) read and stamp on a result. */
export function createSharingFacts(core: ResultsCore) {
  const { db, clock } = core;

  return {
    /**
     * For the sharing module: the caller's own result, locked in `trx` (a share holds the lock until it commits,
     * so simultaneous shares of one result queue), with the facts the share rules need. Not found otherwise.
     */
    async shareFacts(caller: Caller, id: string, trx: Db) {
      // Only `trx` inside the transaction (one connection on PGlite): the caller audits a refusal after it.
      const row = await store.findResult(trx, id, true);
      if (!row || row.applicant_user_id !== caller.userId) throw resultNotFound();
      const app = await store.applicationOf(trx, row.application_id);
      const type = typeOf(row);
      return {
        resultId: row.id,
        type,
        /** The application's own type (a confirmation type shares through consent). */
        applicationType: isApplicationTypeCode(app?.type_code) ? app.type_code : type,
        channel: row.channel as Channel,
        isCountersigned: row.is_countersigned,
        sharedPaperResult: row.shared_paper,
        /**
         * A review-eligible scheme record whose review was not asked for: the share-or-review choice is open, so a
         * share needs the applicant's confirmed purpose (decision 0054).
         */
        reviewChoiceOpen:
          isSchemeRecordType(type) && row.is_review_eligible && row.review_requested_at === null,
        viewable: isResultViewable(row.first_viewed_at, clock.now()),
        section: shareSectionOf(row),
      };
    },

    /**
     * For the sharing module's "who can see my result": the caller's result (any other is not found), its type
     * and the name of the organisation a direct or consent share goes to.
     */
    async shareListFacts(caller: Caller, id: string) {
      const row = await store.findResult(db, id);
      if (!row || row.applicant_user_id !== caller.userId) throw resultNotFound();
      return {
        resultId: row.id,
        type: typeOf(row),
        organisationName: await store.organisationName(db, row.organisation_code),
      };
    },

    /**
     * For the sharing module: stamps the result shared through a channel with these rules, inside the share's
     * transaction. A channel that can be asked for once per result is remembered on it (`shared_paper`: the paper
     * copy is the one such channel), so it is not offered again.
     */
    async markShared(
      trx: Db,
      id: string,
      at: Date,
      channel: Pick<ShareChannelRules, 'oncePerResult'>,
    ): Promise<void> {
      await store.updateResultOnce(
        trx,
        id,
        { shared_at: at, ...(channel.oncePerResult ? { shared_paper: true } : {}) },
        null,
      );
    },

    /** For casework's print requests: the application reference and disclosure number of each result. */
    async printReferences(ids: readonly string[]) {
      const rows = await store.referencesOf(db, ids);
      return new Map(
        rows.map((r) => [r.id, { applicationReference: r.reference, disclosureNumber: r.disclosure_number }]),
      );
    },
  };
}
