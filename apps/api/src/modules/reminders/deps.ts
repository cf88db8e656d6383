import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { OutboxService } from '../outbox/service';
import type { ResultsService } from '../results/service';

export interface ReminderDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  results: Pick<ResultsService, 'reminderCandidates'>;
  publicUrl: string;
}
