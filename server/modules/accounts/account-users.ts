import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { issueKey, type Reason } from './verification-keys.ts';
import { keyLink, keyMail } from './account-mail.ts';
import { activationReasonFor } from './stale-key.ts';

export interface AccountUser {
  UserId: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  EmailAddress: string;
  PasswordHash: string | null;
  IsActive: boolean;
  MustChangePassword: boolean;
  IsVerified: boolean;
  ActivationDate: Date | null;
}

const columns = ['UserId', 'UserName', 'FirstName', 'LastName', 'EmailAddress', 'PasswordHash', 'IsActive', 'MustChangePassword', 'IsVerified', 'ActivationDate'];

/** False from startActivation until the account's e-mail address is proven (an activation or password link used). */
export function isVerified(user: Pick<AccountUser, 'IsVerified'>): boolean {
  return user.IsVerified;
}

export async function userById(db: Knex, userId: number): Promise<AccountUser | undefined> {
  return db('users').where({ UserId: userId }).first(columns);
}

/** The active account with this user name (case-insensitive, as at sign-in). */
export async function activeUserByName(db: Knex, userName: string): Promise<AccountUser | undefined> {
  return db('users').whereRaw('lower(user_name) = lower(?)', [userName.trim()]).where({ IsActive: true }).first(columns);
}

/** Active accounts with this e-mail address (several accounts may share one). */
export async function activeUsersByEmail(db: Knex, emailAddress: string): Promise<AccountUser[]> {
  return db('users').whereRaw('lower(email_address) = lower(?)', [emailAddress.trim()]).where({ IsActive: true }).orderBy('UserId').select(columns);
}

/** By user name, or else by e-mail address when exactly one active account has it (the new-code form takes either). */
export async function activeUserByNameOrEmail(db: Knex, text: string): Promise<AccountUser | undefined> {
  const byName = await activeUserByName(db, text);
  if (byName) return byName;
  const byEmail = await activeUsersByEmail(db, text);
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

export function keyLifetime(app: FastifyInstance, reason: Reason): number {
  return reason === 'passwordreset' || reason === 'signin' ? app.config.passwordResetKeySeconds : app.config.activationKeySeconds;
}

/** Makes a key for the user and mails its link to the user's address. */
export async function mailKey(app: FastifyInstance, user: AccountUser, reason: Reason): Promise<void> {
  const lifetime = keyLifetime(app, reason);
  const key = await issueKey(app.db, user.UserId, reason, lifetime);
  await app.mailer.send({ ...keyMail(user, reason, keyLink(app.config.publicUrl, reason, key), lifetime), userId: user.UserId });
}

/**
 * Puts a new account under verification and mails its activation link: to verify (when it has a password) or
 * to verify and create a password (when it has none). Until the link is used the account cannot sign in (the
 * sign-in answers the verification error). For the user-create and self-registration calls.
 */
export async function startActivation(app: FastifyInstance, userId: number): Promise<void> {
  await app.db('users').where({ UserId: userId }).update({ IsVerified: false });
  const user = await userById(app.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  await mailKey(app, user, activationReasonFor(user));
}
