import type { Selectable } from 'kysely';
import type { UsersTable } from '../../platform/db/schema/organisations';

/** The account a countersignatory record has, once its person has signed in: where their reminders go. */
export interface CountersignatoryAccount {
  id: string;
  email: string | null;
}

/**
 * A person's account as this module hands it to others: the columns' names kept (as the applications module's
 * record, decision 0061), its types as the schema reads them, read through `userById` in `service.ts`. The store
 * selects exactly these columns, so no raw row of `users` leaves the module.
 */
export const ACCOUNT_COLUMNS = [
  'id',
  'subject',
  'roles',
  'assurance_level',
  'forename',
  'middle_names',
  'surname',
  'date_of_birth',
  'email',
  'phone',
  'countersignatory_id',
  'last_signed_in_at',
] as const;

export type Account = Pick<Selectable<UsersTable>, (typeof ACCOUNT_COLUMNS)[number]>;
