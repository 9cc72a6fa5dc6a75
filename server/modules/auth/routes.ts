import type { FastifyInstance } from 'fastify';
import loginRequest from '../../../metadata/entities/LoginRequest.json' with { type: 'json' };
import loginResponse from '../../../metadata/entities/LoginResponse.json' with { type: 'json' };
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { HttpError } from '../../lib/http-error.ts';
import { endSession } from '../sessions/session-store.ts';
import { loginAnswer, signInAs, type UserRow } from './login-answer.ts';
import { unverifiedError } from '../accounts/stale-key.ts';
import { recordAttempt, forgetAttempt, clearBucket, buckets, signInTooMany } from './rate-limit.ts';
import { knownDevices } from './known-device.ts';

export const loginFailed = 'The User Name or Password you entered is incorrect.';

interface Credentials { UserName: string; Password?: string }

/** A hash made with weaker parameters than today's is replaced once its password is proven (and not changed meanwhile). */
async function rehashIfWeak(app: FastifyInstance, user: UserRow, password: string): Promise<void> {
  if (!needsRehash(user.PasswordHash)) return;
  const PasswordHash = await hashPassword(password);
  await app.db('users').where({ UserId: user.UserId, PasswordHash: user.PasswordHash }).update({ PasswordHash });
}

export default async function authRoutes(app: FastifyInstance, options: { secret: string }) {
  const devices = knownDevices(options.secret, app.config.publicUrl.startsWith('https:'));

  app.post<{ Body: Credentials }>('/api/Authenticate/SignIn', {
    config: { access: 'public' },
    schema: {
      tags: ['session'],
      summary: 'Sign in with user name and password; the token comes back in the x-auth-token header.',
      description: [
        '200: LoginResponse; with MustChangePassword true, VerificationKey is the key for /user/changepassword/{key}',
        '(POST User/ResetForgottenPassword with it). In session mode SINGLE the user\'s older sessions end (their next',
        `request: 401 SessionReplaced). Failures: 400 '${loginFailed}' (ErrorCode LoginFailed, the same for unknown users);`,
        '400 StaleKeyError with ErrorCode VerificationRequired, Reason and StaleKey when the right password is given for an',
        'account not verified yet (its message contains "verification"); 409 ConcurrentUserLimit when a role of the user',
        'has MaxNumberOfConcurrentUsers other users signed in; 429 TooManyAttempts (with Retry-After) after too many',
        'failures for the user name from this address, from this address for any name, or for the user name from all',
        'addresses together (a far higher ceiling, which a browser the user signed in with before is let past).',
      ].join(' '),
      body: loginRequest,
      response: { 200: loginResponse },
    },
  }, async (request, reply) => {
    const { UserName, Password = '' } = request.body;
    const { signInFailuresPerAccount, signInFailuresPerAddress, signInFailuresAccountCeiling, rateLimitWindowSeconds } = app.config;
    const user: UserRow | undefined = await app.db('users').whereRaw('lower(user_name) = lower(?)', [UserName.trim()]).first();
    // Once guesses from many addresses have met the account's ceiling, only its owner's known browser is let through.
    const knownBrowser = user !== undefined && devices.userOf(request) === user.UserId;
    // Counted by the name typed, known or not, so a lock-out tells nothing about which names exist. Failures lock a
    // name out from the address they came from, so nobody can lock an owner out of their account from elsewhere.
    const attempt = await recordAttempt(app.db, [
      { bucket: buckets.signInAccountAddress(UserName, request.ip), max: signInFailuresPerAccount },
      { bucket: buckets.signInAddress(request.ip), max: signInFailuresPerAddress },
      { bucket: buckets.signInAccount(UserName), max: knownBrowser ? Infinity : signInFailuresAccountCeiling },
    ], rateLimitWindowSeconds, signInTooMany, reply);
    // Always verify, even for an unknown user, so timing does not tell which user names exist.
    const passwordOk = await verifyPassword(Password, user?.PasswordHash);
    if (!user || !passwordOk || !user.IsActive) throw HttpError.of(400, loginFailed, null, 'LoginFailed');
    await forgetAttempt(app.db, attempt);
    // The ceiling is not cleared: the owner signing in must not give a distributed guesser a fresh allowance.
    await clearBucket(app.db, buckets.signInAccountAddress(UserName, request.ip));
    await rehashIfWeak(app, user, Password);
    if (!user.IsVerified) throw await unverifiedError(app.db, user);
    devices.remember(reply, user.UserId);
    return signInAs(app, user, request, reply);
  });

  app.get('/api/Authenticate/Current', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['session'],
      summary: 'The signed-in user and session, to restore a session on page load (a fresh VerificationKey while MustChangePassword).',
      response: { 200: loginResponse },
    },
  }, async (request) => {
    const p = request.principal!;
    const user: UserRow = await app.db('users').where({ UserId: p.UserId }).first();
    const session = await app.db('sessions').where({ SessionId: p.SessionId }).first('StartTime');
    return loginAnswer(app, user, { ...p, StartTime: session.StartTime });
  });

  app.post('/api/logout', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: { tags: ['session'], summary: 'End the current session (its next request: 401 SessionLoggedOut).', response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await endSession(app.db, request.principal!.SessionId, 'logout');
    return reply.status(204).send();
  });
}
