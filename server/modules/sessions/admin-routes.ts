import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import activeSession from '../../../metadata/entities/ActiveSession.json' with { type: 'json' };
import roleSessions from '../../../metadata/entities/RoleSessions.json' with { type: 'json' };
import type { RoleSessions } from '../../../metadata/types/RoleSessions.ts';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';
import { liveSessions } from './session-store.ts';
import { sessionAdminModule } from './termination.ts';

/** The active-session list's columns: no screen document yet, so the grid's contract lives here. */
export const activeSessionList: ListDefinition = {
  columns: [
    { field: 'UserName', label: 'Username', sortable: true, searchable: true },
    { field: 'FullName', label: 'Name', sortable: true, searchable: true },
    { field: 'StartTime', label: 'Session Started', sortable: true, format: 'dateTime' },
    { field: 'LastSeen', label: 'Last Activity', sortable: true, format: 'dateTime' },
    { field: 'IpAddress', label: 'Address', sortable: true, searchable: true },
    { field: 'UserAgent', label: 'Browser', hidden: true },
  ],
  defaultSort: [{ field: 'StartTime', dir: 'desc' }],
  emptyMessage: 'There are no active sessions.',
};

export const noLimitedRoles = 'There are no roles with concurrent user limits to display.';

interface LimitedSessionRow {
  RoleId: number; SessionId: string; UserId: number; UserName: string; FirstName: string; LastName: string; StartTime: Date;
}

/** Administrators' views of live sessions (spec 3 "Concurrent sessions"); module SessionManagement. */
export default async function sessionAdminRoutes(app: FastifyInstance) {
  const access = { module: sessionAdminModule };
  const idle = () => app.config.sessionIdleSeconds;

  app.get<{ Querystring: ListQuery }>('/api/Session/Active', {
    config: { access },
    schema: {
      tags: ['session'],
      summary: 'Live sessions, paged, sorted and searched as every listing grid (page, pageSize, q, sorts, cols); newest first.',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema({ ...activeSession, required: [] }) },
    },
  }, async (request) => {
    const db = app.db;
    const rows = liveSessions(db, idle())
      .join('users as u', 'u.UserId', 's.UserId')
      .select('s.SessionId', 's.InstanceId', 's.UserId', 'u.UserName', db.raw("u.first_name || ' ' || u.last_name as full_name"),
        's.StartTime', 's.LastSeen', 's.TerminatesAt', 's.IpAddress', 's.UserAgent');
    return runList(db, db.from(rows.as('live_sessions')), activeSessionList, { idField: 'SessionId', alwaysSelect: ['UserId', 'InstanceId', 'TerminatesAt'] }, request.query);
  });

  app.get('/api/Session/ActiveByRole', {
    config: { access },
    schema: {
      tags: ['session'],
      summary: "Roles with a concurrent-user limit, each with 'X of Y active' and its users' newest live session.",
      description: [
        'Every active role whose MaxNumberOfConcurrentUsers is above 0, by name; ConcurrentUsersCurrentNumber counts users',
        `with a live session. Sessions are newest first, one per user. An empty list means '${noLimitedRoles}'`,
        'IsCurrentUser marks the caller (End Session disabled). End Session: POST Session/TerminateMany with that UserId.',
      ].join(' '),
      response: { 200: { type: 'array', items: roleSessions } },
    },
  }, async (request) => limitedRoleSessions(app.db, idle(), request.principal!.UserId));
}

/** Roles with a concurrent-user limit, each with its users' newest live session: the screen's and the home widget's. */
export async function limitedRoleSessions(db: Knex, idleSeconds: number, callerId: number): Promise<RoleSessions[]> {
  const roles: Array<{ RoleId: number; Name: string; MaxNumberOfConcurrentUsers: number }> = await db('roles')
    .where('IsActive', true).where('MaxNumberOfConcurrentUsers', '>', 0)
    .orderByRaw('lower(name)').select('RoleId', 'Name', 'MaxNumberOfConcurrentUsers');
  if (!roles.length) return [];
  const rows: LimitedSessionRow[] = await liveSessions(db, idleSeconds)
    .join('users as u', 'u.UserId', 's.UserId')
    .join('user_roles as ur', 'ur.UserId', 's.UserId')
    .whereIn('ur.RoleId', roles.map((r) => r.RoleId))
    .orderBy('s.StartTime', 'desc')
    .select('ur.RoleId', 's.SessionId', 's.UserId', 'u.UserName', 'u.FirstName', 'u.LastName', 's.StartTime');
  return roles.map((role): RoleSessions => {
    const seen = new Set<number>();
    const sessions = rows.filter((r) => r.RoleId === role.RoleId && !seen.has(r.UserId) && seen.add(r.UserId));
    return {
      RoleId: role.RoleId,
      RoleName: role.Name,
      ConcurrentUsersCurrentNumber: sessions.length,
      ConcurrentUsersMaxNumber: role.MaxNumberOfConcurrentUsers,
      Sessions: sessions.map((s) => ({
        SessionId: s.SessionId,
        UserId: s.UserId,
        UserName: s.UserName,
        FullName: `${s.FirstName} ${s.LastName}`,
        StartTime: new Date(s.StartTime).toISOString(),
        IsCurrentUser: s.UserId === callerId,
      })),
    };
  });
}
