import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';

export interface NewSession {
  SessionId: string;
  InstanceId: string;
  StartTime: Date;
}

export async function startSession(db: Knex, userId: number, meta: { userAgent?: string; ip?: string }): Promise<NewSession> {
  const session = { SessionId: randomUUID(), InstanceId: randomUUID(), StartTime: new Date() };
  await db('sessions').insert({
    ...session,
    UserId: userId,
    LastSeen: session.StartTime,
    UserAgent: meta.userAgent?.slice(0, 500) ?? null,
    IpAddress: meta.ip ?? null,
  });
  return session;
}

/** The live session with this id, of an active user; undefined when ended or unknown. */
export async function findLiveSession(db: Knex, sessionId: string): Promise<(Principal & { LastSeen: Date }) | undefined> {
  return db('sessions as s')
    .join('users as u', 'u.UserId', 's.UserId')
    .where('s.SessionId', sessionId)
    .whereNull('s.EndedAt')
    .where('u.IsActive', true)
    .first('s.SessionId', 's.InstanceId', 's.UserId', 's.LastSeen', 'u.UserName', 'u.IsMaster');
}

export async function endSession(db: Knex, sessionId: string, reason: string): Promise<void> {
  await db('sessions').where({ SessionId: sessionId }).whereNull('EndedAt').update({ EndedAt: db.fn.now(), EndReason: reason });
}

/** Records activity at most once a minute, so a busy client does not write on every request. */
export async function touchSession(db: Knex, sessionId: string, lastSeen: Date): Promise<void> {
  if (Date.now() - new Date(lastSeen).getTime() < 60_000) return;
  await db('sessions').where({ SessionId: sessionId }).update({ LastSeen: db.fn.now() });
}
