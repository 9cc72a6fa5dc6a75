import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import type { EndReason } from './end-reasons.ts';
import { routeAccessJoin } from '../access/effective-access.ts';
import { grantedActionIdsSql } from '../page-actions/store.ts';
import { statementTemplate } from '../../db/statement-template.ts';

export interface NewSession {
  SessionId: string;
  InstanceId: string;
  StartTime: Date;
}

export interface LiveSession extends Principal {
  LastSeen: Date;
  /** Set while an administrator's delayed termination is pending. */
  TerminatesAt: Date | null;
}

/** What the route's module gives the user: the route node, 'View All Records' and the fields to hide. */
export interface RequestAccess {
  holdsModule: boolean;
  holdsRoute: boolean;
}

/** Either the live session, or why the session is not (null: unknown session or deactivated user). */
export type SessionCheck = { live: LiveSession; access: RequestAccess; mustChangePassword: boolean } | { ended: EndReason | null };

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

/**
 * Sessions that are alive now: not ended, no termination due, and used within the idle duration. The one
 * definition used by the request check, the concurrent-user count and the administrators' lists.
 */
export function liveSessions(db: Knex, idleSeconds: number, alias = 's'): Knex.QueryBuilder {
  return db(`sessions as ${alias}`)
    .whereNull(`${alias}.EndedAt`)
    .where((w) => w.whereNull(`${alias}.TerminatesAt`).orWhere(`${alias}.TerminatesAt`, '>', db.fn.now()))
    .where(`${alias}.LastSeen`, '>', db.raw('now() - make_interval(secs => ?)', [idleSeconds]));
}

type SessionCheckParams = 'sessionId' | 'idleSeconds' | 'moduleName' | 'routeName' | 'pageId';

interface SessionCheckRow extends Omit<LiveSession, 'PageGrants'> {
  EndedAt: Date | null;
  EndReason: string | null;
  IsActive: boolean;
  TerminationDue: boolean;
  IdleExpired: boolean;
  MustChangePassword: boolean;
  HoldsModule: boolean | null;
  HoldsRoute: boolean | null;
  ViewAllRecords: boolean | null;
  DeniedFields: string[] | null;
  ReadOnlyFields: string[] | null;
  PageGrants?: Array<number | string>;
}

/** The session check's statement for each database and combination of parts asked for, built once. */
const sessionChecks = new WeakMap<Knex, Map<string, ReturnType<typeof statementTemplate<SessionCheckParams, SessionCheckRow>>>>();

function sessionCheckStatement(db: Knex, withModule: boolean, withPage: boolean) {
  // The text depends only on which parts are asked for; as a named statement its plan is kept per connection
  // (planning it cost PostgreSQL ten times what running it does).
  const name = `session-check${withModule ? '-module' : ''}${withPage ? '-page' : ''}`;
  let ofDb = sessionChecks.get(db);
  if (!ofDb) sessionChecks.set(db, (ofDb = new Map()));
  let statement = ofDb.get(name);
  if (!statement) {
    statement = statementTemplate<SessionCheckParams, SessionCheckRow>(db, name, (param) => {
      const query = db('sessions as s')
        .join('users as u', 'u.UserId', 's.UserId')
        .where('s.SessionId', param('sessionId'))
        .first(
          's.SessionId', 's.InstanceId', 's.UserId', 's.LastSeen', 's.TerminatesAt', 's.EndedAt', 's.EndReason',
          'u.UserName', 'u.IsMaster', 'u.IsActive', 'u.MustChangePassword',
          db.raw('(s.terminates_at is not null and s.terminates_at <= now()) as termination_due'),
          db.raw('(s.last_seen <= now() - make_interval(secs => ?)) as idle_expired', [param('idleSeconds')]),
          ...(withModule
            ? ['acc.holds_module', 'acc.holds_route', 'acc.view_all_records', 'acc.denied_fields', 'acc.read_only_fields'].map((c) => db.raw(c))
            : [db.raw('true as holds_module'), db.raw('true as holds_route')]),
          ...(withPage ? [db.raw('? as page_grants', [grantedActionIdsSql(db, 'u.UserId', 'u.IsMaster', param('pageId'))])] : []),
        );
      if (withModule) query.joinRaw('?', [routeAccessJoin(db, param('moduleName'), param('routeName'))]);
      return query;
    });
    ofDb.set(name, statement);
  }
  return statement;
}

/**
 * The session behind a request, the module the route needs and the page actions it answers with, in one
 * round trip. A due termination or an idle expiry is written down here, at the first request that notices
 * it, so the reason survives for the client to learn (and for every other process).
 */
export async function checkSession(db: Knex, sessionId: string, idleSeconds: number, moduleName?: string, pageId?: number, routeName?: string): Promise<SessionCheck> {
  const check = sessionCheckStatement(db, moduleName !== undefined, pageId !== undefined);
  const [row] = await check({ sessionId, idleSeconds, moduleName: moduleName ?? null, routeName: routeName ?? null, pageId: pageId ?? null });
  if (!row || !row.IsActive) return { ended: null };
  if (row.EndedAt) return { ended: row.EndReason as EndReason };
  const due: EndReason | null = row.TerminationDue ? 'terminated' : row.IdleExpired ? 'timeout' : null;
  if (due) {
    await endSession(db, sessionId, due);
    return { ended: due };
  }
  const { SessionId, InstanceId, UserId, UserName, IsMaster, LastSeen, TerminatesAt } = row;
  const PageGrants = pageId === undefined ? undefined : { pageId, actionIds: (row.PageGrants ?? []).map(Number) };
  const Access = moduleName === undefined ? undefined : { module: moduleName, viewAllRecords: Boolean(row.ViewAllRecords), deniedFields: row.DeniedFields ?? [], readOnlyFields: row.ReadOnlyFields ?? [] };
  return {
    live: { SessionId, InstanceId, UserId, UserName, IsMaster, LastSeen, TerminatesAt, PageGrants, Access },
    access: { holdsModule: Boolean(row.HoldsModule), holdsRoute: Boolean(row.HoldsRoute) },
    mustChangePassword: Boolean(row.MustChangePassword),
  };
}

export async function endSession(db: Knex, sessionId: string, reason: EndReason): Promise<void> {
  await db('sessions').where({ SessionId: sessionId }).whereNull('EndedAt').update({ EndedAt: db.fn.now(), EndReason: reason });
  // Its record locks are free (a lock of a session no longer live is ignored anyway, whichever way the session ended).
  await db('record_locks').where({ SessionId: sessionId }).delete();
}

/** Ends every open session of a user, except one if given (e.g. the one changing the password). */
export async function endSessionsOfUser(db: Knex, userId: number, reason: EndReason, except?: string): Promise<number> {
  const query = db('sessions').where({ UserId: userId }).whereNull('EndedAt');
  if (except) query.whereNot('SessionId', except);
  return query.update({ EndedAt: db.fn.now(), EndReason: reason });
}

/**
 * Records activity. Written at most every tenth of the idle duration (and at most once a minute), so a busy
 * client does not write on every request while the idle check stays accurate; `force` for keep-alive.
 */
export async function touchSession(db: Knex, sessionId: string, lastSeen: Date, idleSeconds: number, force = false): Promise<void> {
  const every = Math.min(60_000, (idleSeconds * 1000) / 10);
  if (!force && Date.now() - new Date(lastSeen).getTime() < every) return;
  await db('sessions').where({ SessionId: sessionId }).whereNull('EndedAt').update({ LastSeen: db.fn.now() });
}
