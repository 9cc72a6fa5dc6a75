import type { FastifyInstance } from 'fastify';
import loginResponse from '../../../metadata/entities/LoginResponse.json' with { type: 'json' };
import accountMessage from '../../../metadata/entities/AccountMessage.json' with { type: 'json' };
import { HttpError } from '../../lib/http-error.ts';
import { consumeKey, findKey } from '../accounts/verification-keys.ts';
import { activeUserByName, isVerified, mailKey } from '../accounts/account-users.ts';
import { activationReasonFor, unverifiedError } from '../accounts/stale-key.ts';
import { limitMailRequests, accountMailAllowed } from '../accounts/mail-throttle.ts';
import { limitKeyGuesses } from '../accounts/key-guess-limit.ts';
import { limitAccountLookups } from '../accounts/lookup-limit.ts';
import { recoveryMessages } from '../accounts/recovery-routes.ts';
import { signInAs, type UserRow } from './login-answer.ts';

export const tokenSignInFailed = 'This sign-in link is not valid any more. Please sign in with your user name and password, or ask for a new link.';

/**
 * Sign-in by token (spec 1: /login/{token}, Authenticate/SignInWithToken): a single-use key e-mailed as a
 * sign-in link, so a user can sign in without typing the password. The key is used up by the first sign-in.
 */
export default async function tokenRoutes(app: FastifyInstance) {
  app.post<{ Body: { Token: string } }>('/api/Authenticate/SignInWithToken', {
    config: { access: 'public' },
    schema: {
      tags: ['session'],
      summary: 'Sign in with an e-mailed single-use token; the session token comes back in the x-auth-token header.',
      description: `400 '${tokenSignInFailed}' (ErrorCode InvalidToken) for an unknown, used or expired token.`,
      body: { type: 'object', required: ['Token'], additionalProperties: false, properties: { Token: { type: 'string', minLength: 1, maxLength: 200 } } },
      response: { 200: loginResponse },
    },
  }, async (request, reply) => limitKeyGuesses(app, request, reply, async () => {
    const row = await findKey(app.db, request.body.Token);
    if (!row || row.Reason !== 'signin' || !(await consumeKey(app.db, row.KeyId))) throw HttpError.of(400, tokenSignInFailed, 'Token', 'InvalidToken');
    const user: UserRow | undefined = await app.db('users').where({ UserId: row.UserId, IsActive: true }).first();
    if (!user) throw HttpError.of(400, tokenSignInFailed, 'Token', 'InvalidToken');
    if (!user.IsVerified) throw await unverifiedError(app.db, user);
    return signInAs(app, user, request, reply);
  }));

  app.get<{ Querystring: { userName: string } }>('/api/User/RequestSignInLink', {
    config: { access: 'public' },
    schema: {
      tags: ['accounts'],
      summary: 'Mail a single-use sign-in link (/login/{token}) to the account with this user name.',
      description: 'Answers the same whether or not the account exists, and for an account not verified yet (mailed its activation link instead). 429 after too many calls from one address.',
      querystring: { type: 'object', required: ['userName'], properties: { userName: { type: 'string', minLength: 1, maxLength: 200 } } },
      response: { 200: accountMessage },
    },
  }, async (request, reply) => {
    await limitMailRequests(app, request, reply);
    await limitAccountLookups(app, request, reply);
    const user = await activeUserByName(app.db, request.query.userName);
    if (user) {
      app.mailer.later(async () => {
        if (await accountMailAllowed(app, user.UserId)) await mailKey(app, user, isVerified(user) ? 'signin' : activationReasonFor(user));
      });
    }
    return { Message: recoveryMessages.passwordMailSent };
  });
}
