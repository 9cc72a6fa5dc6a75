import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { duplicateEmail } from './routes.ts';

/** Spec 1 section 5: the duplicate user name of the signed-in user's own account screens (My Account, Your Account). */
export const duplicateOwnUserName = 'An account with this user name already exists in the system.';

/**
 * Whether no user but `exceptUserId` has this user name or e-mail address, whatever its case (the users table's
 * unique index is on lower(user_name)).
 */
export async function isFreeFor(db: Knex, field: 'UserName' | 'EmailAddress', value: string, exceptUserId?: number): Promise<boolean> {
  const q = db('users').whereRaw('lower(??) = lower(?)', [field, value.trim()]).first('UserId');
  if (exceptUserId) q.whereNot('UserId', exceptUserId);
  return !(await q);
}

export const isUserNameFree = (db: Knex, userName: string, exceptUserId?: number) => isFreeFor(db, 'UserName', userName, exceptUserId);

const userNameTaken = () => HttpError.of(409, duplicateOwnUserName, 'UserName', 'Unique');

/**
 * Refuses (409, on EmailAddress) an e-mail address another user has: the user forms keep addresses unique, and an
 * account saved with a shared one could no longer be saved there.
 */
export async function requireFreeEmailAddress(db: Knex, emailAddress: string, userId: number): Promise<void> {
  if (!(await isFreeFor(db, 'EmailAddress', emailAddress, userId))) throw HttpError.of(409, duplicateEmail, 'EmailAddress', 'Unique');
}

/** Refuses (409, on UserName) a user name another user has. */
export async function requireFreeUserName(db: Knex, userName: string, userId: number): Promise<void> {
  if (!(await isUserNameFree(db, userName, userId))) throw userNameTaken();
}

/**
 * Runs a write that may set a user name, turning the unique index's refusal into the same 409: two users
 * taking one name at once get past requireFreeUserName together, and only the index tells them apart.
 */
export async function withUniqueUserName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
    const index = constraint ?? /"([^"]+)"/.exec(message ?? '')?.[1];
    if (code === '23505' && index === 'users_user_name_unique') throw userNameTaken();
    throw error;
  }
}
