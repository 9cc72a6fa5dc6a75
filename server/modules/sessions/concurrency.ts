import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';
import { liveSessions, startSession, endSessionsOfUser, type NewSession } from './session-store.ts';

/** Any fixed number: it names the one advisory lock that serialises session starts across processes. */
const sessionStartLock = 727_001;

export function concurrentLimitMessage(roleName: string, max: number): string {
  return `The maximum number of concurrent users (${max}) for the role ${roleName} has been reached. Please try again later.`;
}

/**
 * The user's active roles whose MaxNumberOfConcurrentUsers is already taken by other users' live sessions.
 * A user's own sessions never count against them: they replace (SINGLE) or join (UNLIMITED) their own.
 */
async function fullRole(trx: Knex, userId: number, idleSeconds: number): Promise<{ Name: string; Max: number } | undefined> {
  const roles: Array<{ RoleId: number; Name: string; MaxNumberOfConcurrentUsers: number }> = await trx('user_roles as ur')
    .join('roles as r', 'r.RoleId', 'ur.RoleId')
    .where({ 'ur.UserId': userId, 'r.IsActive': true })
    .where('r.MaxNumberOfConcurrentUsers', '>', 0)
    .select('r.RoleId', 'r.Name', 'r.MaxNumberOfConcurrentUsers');
  for (const role of roles) {
    const [{ Users }] = await liveSessions(trx, idleSeconds)
      .join('user_roles as ur', 'ur.UserId', 's.UserId')
      .where('ur.RoleId', role.RoleId)
      .whereNot('s.UserId', userId)
      .select(trx.raw('count(distinct s.user_id)::int as users'));
    if (Number(Users) >= role.MaxNumberOfConcurrentUsers) return { Name: role.Name, Max: role.MaxNumberOfConcurrentUsers };
  }
  return undefined;
}

/**
 * Starts a session at sign-in under the concurrency rules (spec 3 "Concurrent sessions"): a role's
 * MaxNumberOfConcurrentUsers is enforced (the master user is exempt, so an administrator can always get in to
 * end sessions), and in SINGLE mode the user's older sessions end as 'replaced'. The check and the insert
 * run under one transaction-scoped advisory lock so two sign-ins cannot both take the last place.
 */
export async function openSession(
  db: Knex,
  user: { UserId: number; IsMaster: boolean },
  meta: { userAgent?: string; ip?: string },
  config: Pick<Config, 'sessionIdleSeconds' | 'sessionMode'>,
): Promise<NewSession> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [sessionStartLock]);
    if (!user.IsMaster) {
      const full = await fullRole(trx, user.UserId, config.sessionIdleSeconds);
      if (full) throw HttpError.of(409, concurrentLimitMessage(full.Name, full.Max), null, 'ConcurrentUserLimit');
    }
    if (config.sessionMode === 'SINGLE') await endSessionsOfUser(trx, user.UserId, 'replaced');
    return startSession(trx, user.UserId, meta);
  });
}
