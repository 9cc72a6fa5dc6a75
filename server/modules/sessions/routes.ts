import type { FastifyInstance } from 'fastify';
import sessionRequest from '../../../metadata/entities/SessionRequest.json' with { type: 'json' };
import sessionStatus from '../../../metadata/entities/SessionStatus.json' with { type: 'json' };
import terminateSessionsRequest from '../../../metadata/entities/TerminateSessionsRequest.json' with { type: 'json' };
import type { SessionRequest } from '../../../metadata/types/SessionRequest.ts';
import type { TerminateSessionsRequest } from '../../../metadata/types/TerminateSessionsRequest.ts';
import { HttpError } from '../../lib/http-error.ts';
import { messages as accessMessages } from '../../plugins/access.ts';
import { hasModuleAccess } from '../access/module-access.ts';
import { endSession, touchSession } from './session-store.ts';
import { terminateSessions, sessionAdminModule } from './termination.ts';
import './route-config.ts';

export const sessionRouteMessages = {
  notFound: 'The session was not found or has already ended.',
  ownSession: 'You cannot end your own session.',
};

const noContent = { 204: { type: 'null' } };

/** The caller's session timers and calls on sessions (spec 3 section 7, Session). */
export default async function sessionRoutes(app: FastifyInstance) {
  const status = async (sessionId: string) => {
    const row = await app.db('sessions').where({ SessionId: sessionId }).first('LastSeen', 'TerminatesAt', app.db.raw('now() as server_time'));
    const { sessionIdleSeconds: idle, sessionWarningSeconds: warning, sessionMode } = app.config;
    const lastSeen = new Date(row.LastSeen);
    return {
      SessionId: sessionId,
      IdleSeconds: idle,
      WarningSeconds: warning,
      SessionMode: sessionMode,
      LastSeen: lastSeen.toISOString(),
      IdleExpiresAt: new Date(lastSeen.getTime() + idle * 1000).toISOString(),
      TerminatesAt: row.TerminatesAt ? new Date(row.TerminatesAt).toISOString() : null,
      ServerTime: new Date(row.ServerTime).toISOString(),
    };
  };

  app.get('/api/Session/KeepAlive', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['session'],
      summary: "Keep-alive ('Click here to extend session'): counts as activity now and answers the session's timers.",
      response: { 200: sessionStatus },
    },
  }, async (request) => {
    const p = request.principal!;
    await touchSession(app.db, p.SessionId, new Date(0), app.config.sessionIdleSeconds, true);
    return status(p.SessionId);
  });

  app.get('/api/Session/Status', {
    config: { access: 'session', keepsAlive: false, whilePasswordMustChange: true },
    schema: {
      tags: ['session'],
      summary: "The session's timers without counting as activity: for polling a pending termination (TerminatesAt) or the idle deadline.",
      response: { 200: sessionStatus },
    },
  }, async (request) => status(request.principal!.SessionId));

  app.post<{ Body: SessionRequest }>('/api/Session/Timeout', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['session'],
      summary: "The client's idle timer ran out: ends the caller's own session as timed out (next request: 401 SessionTimedOut). 204; 403 for another session.",
      body: sessionRequest,
      response: noContent,
    },
  }, async (request, reply) => {
    const p = request.principal!;
    if (request.body.Session.SessionId !== p.SessionId) throw HttpError.of(403, accessMessages.noAccess);
    await endSession(app.db, p.SessionId, 'timeout');
    return reply.status(204).send();
  });

  app.post<{ Body: SessionRequest }>('/api/Session/Terminate', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['session'],
      summary: 'Terminate one session now (next request: 401 SessionTerminated).',
      description: [
        "The caller's own session (e.g. when a termination countdown ends), or, with module SessionManagement, any",
        `session. 204; 403 for another's session without the module; 404 '${sessionRouteMessages.notFound}'.`,
      ].join(' '),
      body: sessionRequest,
      response: noContent,
    },
  }, async (request, reply) => {
    const p = request.principal!;
    const target = request.body.Session.SessionId;
    if (target !== p.SessionId && !(await hasModuleAccess(app.db, p, sessionAdminModule))) throw HttpError.of(403, accessMessages.noAccess);
    const ended = await app.db('sessions').where({ SessionId: target }).whereNull('EndedAt')
      .update({ EndedAt: app.db.fn.now(), EndReason: 'terminated', TerminatedBy: p.UserId });
    if (!ended) throw HttpError.of(404, sessionRouteMessages.notFound);
    return reply.status(204).send();
  });

  app.post<{ Body: TerminateSessionsRequest }>('/api/Session/TerminateMany', {
    config: { access: { module: sessionAdminModule } },
    schema: {
      tags: ['session'],
      summary: "An administrator ends sessions: each listed session, and every session of each listed user, is refused from now + TimeDelay seconds.",
      description: [
        'Until then every response to those sessions carries the header x-session-terminates-at and GET Session/Status',
        'answers TerminatesAt, for the client\'s countdown; then their next request gets 401 SessionTerminated',
        "('Your session has been terminated.'). TimeDelay 0 ends them at once. 200 {Count, TerminatesAt}.",
        `400 SessionIds '${sessionRouteMessages.ownSession}' when the caller's own session or user is among them.`,
      ].join(' '),
      body: terminateSessionsRequest,
      response: {
        200: {
          type: 'object', required: ['Count', 'TerminatesAt'],
          properties: { Count: { type: 'integer' }, TerminatesAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  }, async (request) => {
    const p = request.principal!;
    const { SessionIds, UserIds = [], TimeDelay = 0 } = request.body;
    if (SessionIds.includes(p.SessionId) || UserIds.includes(p.UserId)) throw HttpError.of(400, sessionRouteMessages.ownSession, 'SessionIds', 'OwnSession');
    return terminateSessions(app.db, { sessionIds: SessionIds, userIds: UserIds, delaySeconds: TimeDelay, by: p.UserId });
  });
}
