/**
 * A person's account as this module hands it to others: the columns' names kept (as the applications module's
 * record, decision 0061), its types the module's own, read through `userById` in `service.ts`. The store selects
 * exactly these columns and maps each row, so no raw row of `users` leaves the module.
 */
export interface Account {
  id: string;
  subject: string;
  roles: string[];
  assurance_level: string;
  forename: string;
  middle_names: string | null;
  surname: string;
  /** YYYY-MM-DD, from the identity provider. */
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  countersignatory_id: string | null;
  last_signed_in_at: Date;
}

/** The account a countersignatory record has, once its person has signed in: where their reminders go. */
export interface CountersignatoryAccount {
  id: string;
  email: string | null;
}

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
