import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openSession } from '../sessions/concurrency.ts';
import { refreshedTokenHeader } from '../../plugins/access.ts';
import { issueKey } from '../accounts/verification-keys.ts';

export interface UserRow {
  UserId: number; UserName: string; FirstName: string; LastName: string;
  IsMaster: boolean; IsActive: boolean; MustChangePassword: boolean; PasswordHash: string | null; IsVerified: boolean;
}

interface SessionFacts { SessionId: string; InstanceId: string; StartTime: Date | string }

/** A MustChangePassword user gets a key for /user/changepassword/{key}: proof enough, they have just signed in. */
async function verificationKeyFor(app: FastifyInstance, user: UserRow): Promise<string | null> {
  return user.MustChangePassword ? issueKey(app.db, user.UserId, 'passwordreset', app.config.passwordResetKeySeconds) : null;
}

/** The signed-in info (spec 1 "Login response"), as sign-in, token sign-in and session restore answer it. */
export async function loginAnswer(app: FastifyInstance, user: UserRow, session: SessionFacts) {
  return {
    User: { UserId: user.UserId, UserName: user.UserName, FirstName: user.FirstName, LastName: user.LastName, IsMaster: user.IsMaster },
    MustChangePassword: user.MustChangePassword,
    VerificationKey: await verificationKeyFor(app, user),
    Session: { SessionId: session.SessionId, InstanceId: session.InstanceId, StartTime: new Date(session.StartTime).toISOString(), UserName: user.UserName },
  };
}

/** Opens a session for a user who has proved who they are, and puts its token in the response header. */
export async function signInAs(app: FastifyInstance, user: UserRow, request: FastifyRequest, reply: FastifyReply) {
  const session = await openSession(app.db, user, { userAgent: request.headers['user-agent'], ip: request.ip }, app.config);
  await app.db('users').where({ UserId: user.UserId }).update({ LastLogin: session.StartTime });
  reply.header(refreshedTokenHeader, await reply.jwtSign({ sid: session.SessionId }));
  return loginAnswer(app, user, session);
}
