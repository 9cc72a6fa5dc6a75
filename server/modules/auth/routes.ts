import type { FastifyInstance } from 'fastify';
import loginRequest from '../../../metadata/entities/LoginRequest.json' with { type: 'json' };
import loginResponse from '../../../metadata/entities/LoginResponse.json' with { type: 'json' };
import { verifyPassword } from '../../lib/password.ts';
import { HttpError } from '../../lib/http-error.ts';
import { startSession, endSession } from '../sessions/session-store.ts';
import { refreshedTokenHeader } from '../../plugins/access.ts';

export const loginFailed = 'The User Name or Password you entered is incorrect.';

interface Credentials { UserName: string; Password?: string }

interface UserRow {
  UserId: number; UserName: string; FirstName: string; LastName: string;
  IsMaster: boolean; IsActive: boolean; MustChangePassword: boolean; PasswordHash: string | null;
}

export default async function authRoutes(app: FastifyInstance) {
  app.post<{ Body: Credentials }>('/api/Authenticate/SignIn', {
    config: { access: 'public' },
    schema: {
      tags: ['session'],
      summary: 'Sign in with user name and password; the token comes back in the x-auth-token header.',
      body: loginRequest,
      response: { 200: loginResponse },
    },
  }, async (request, reply) => {
    const { UserName, Password = '' } = request.body;
    const user: UserRow | undefined = await app.db('users').whereRaw('lower(user_name) = lower(?)', [UserName.trim()]).first();
    // Always verify, even for an unknown user, so timing does not tell which user names exist.
    const passwordOk = await verifyPassword(Password, user?.PasswordHash);
    if (!user || !passwordOk || !user.IsActive) throw HttpError.of(400, loginFailed, null, 'LoginFailed');
    const session = await startSession(app.db, user.UserId, { userAgent: request.headers['user-agent'], ip: request.ip });
    await app.db('users').where({ UserId: user.UserId }).update({ LastLogin: session.StartTime });
    reply.header(refreshedTokenHeader, await reply.jwtSign({ sid: session.SessionId }));
    return {
      User: { UserId: user.UserId, UserName: user.UserName, FirstName: user.FirstName, LastName: user.LastName, IsMaster: user.IsMaster },
      MustChangePassword: user.MustChangePassword,
      VerificationKey: null,
      Session: { ...session, StartTime: session.StartTime.toISOString(), UserName: user.UserName },
    };
  });

  app.get('/api/Authenticate/Current', {
    config: { access: 'session' },
    schema: { tags: ['session'], summary: 'The signed-in user and session, to restore a session on page load.', response: { 200: loginResponse } },
  }, async (request) => {
    const p = request.principal!;
    const user: UserRow = await app.db('users').where({ UserId: p.UserId }).first();
    const session = await app.db('sessions').where({ SessionId: p.SessionId }).first('StartTime');
    return {
      User: { UserId: user.UserId, UserName: user.UserName, FirstName: user.FirstName, LastName: user.LastName, IsMaster: user.IsMaster },
      MustChangePassword: user.MustChangePassword,
      VerificationKey: null,
      Session: { SessionId: p.SessionId, InstanceId: p.InstanceId, StartTime: new Date(session.StartTime).toISOString(), UserName: user.UserName },
    };
  });

  app.post('/api/logout', {
    config: { access: 'session' },
    schema: { tags: ['session'], summary: 'End the current session.', response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await endSession(app.db, request.principal!.SessionId, 'logout');
    return reply.status(204).send();
  });
}
