import type { Db } from '../../platform/db/database';
import { userById } from '../auth/service';

/** The signed-in person's details as held from their identity account. */
export async function personalDetails(db: Db, userId: string) {
  const user = await userById(db, userId);
  if (!user) return null;
  return {
    name: {
      forename: user.forename,
      ...(user.middle_names ? { middleNames: user.middle_names } : {}),
      surname: user.surname,
    },
    dateOfBirth: user.date_of_birth,
    emailAddress: user.email,
    phoneNumber: user.phone,
  };
}
