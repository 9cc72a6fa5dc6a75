import type { Knex } from 'knex';

/** The module an administrator needs to see other users' sessions and end them. */
export const sessionAdminModule = 'SessionManagement';

/**
 * Schedules the end of open sessions (listed ones, and all of the listed users'). The row keeps the time, so
 * every server process refuses the session from then on (see checkSession); an earlier pending time is kept.
 * With no delay the sessions end at once.
 */
export async function terminateSessions(
  db: Knex,
  target: { sessionIds: string[]; userIds: number[]; delaySeconds: number; by: number },
): Promise<{ Count: number; TerminatesAt: string }> {
  if (!target.sessionIds.length && !target.userIds.length) return { Count: 0, TerminatesAt: new Date().toISOString() };
  return db.transaction(async (trx) => {
    const { At } = (await trx.first(trx.raw('now() + make_interval(secs => ?) as at', [target.delaySeconds]))) as { At: Date };
    const open = () => trx('sessions')
      .whereNull('EndedAt')
      .where((w) => {
        if (target.sessionIds.length) w.orWhereIn('SessionId', target.sessionIds);
        if (target.userIds.length) w.orWhereIn('UserId', target.userIds);
      });
    const count = target.delaySeconds === 0
      ? await open().update({ EndedAt: trx.fn.now(), EndReason: 'terminated', TerminatesAt: At, TerminatedBy: target.by })
      : await open()
        .where((w) => w.whereNull('TerminatesAt').orWhere('TerminatesAt', '>', At))
        .update({ TerminatesAt: At, TerminatedBy: target.by });
    return { Count: count, TerminatesAt: new Date(At).toISOString() };
  });
}
