import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { apiRoutes } from './api-routes.ts';
import { addUser } from './account-fixtures.ts';
import { issueKey } from '../../server/modules/accounts/verification-keys.ts';
import { signInTooMany, requestsTooMany } from '../../server/modules/auth/rate-limit.ts';

/** Public calls that only read what the sign-in and registration pages show: nothing to guess, nothing written. */
const readOnly = [
  'GET /api/App/PublicSettings', 'GET /api/App/ClientLogo', 'GET /api/files/image',
  'GET /api/users/self-registration-roles', 'GET /api/users/self-registration-form',
];

const limits = { signInFailuresPerAccount: 100, signInFailuresPerAddress: 3, mailRequestsPerAddress: 3, clientErrorBatchesPerAddress: 3, publicReadsPerAddress: 3 };

/** Every public call that writes, mails or checks a secret, with the limit it answers to and a call (n: a fresh value per call). */
const limited: Record<string, { max: number; message: string; call: (n: number) => InjectOptions }> = {
  'POST /api/Authenticate/SignIn': { max: limits.signInFailuresPerAddress, message: signInTooMany, call: (n) => ({ payload: { UserName: `spray${n}`, Password: 'Wrong1234' } }) },
  'POST /api/Authenticate/SignInWithToken': { max: limits.signInFailuresPerAddress, message: requestsTooMany, call: (n) => ({ payload: { Token: `guessed-key-${n}` } }) },
  'PUT /api/User/Activate': { max: limits.signInFailuresPerAddress, message: requestsTooMany, call: (n) => ({ payload: { ActivationToken: `guessed-key-${n}`, ActivationReason: 'activation' } }) },
  'POST /api/User/ResetForgottenPassword': { max: limits.signInFailuresPerAddress, message: requestsTooMany, call: (n) => ({ payload: { Token: `guessed-key-${n}`, Password: 'Guess1234', ConfirmPassword: 'Guess1234' } }) },
  'GET /api/User/RequestSignInLink': { max: limits.mailRequestsPerAddress, message: requestsTooMany, call: (n) => ({ query: { userName: `nobody${n}` } }) },
  'GET /api/User/RequestForgottenPasswordByUserName': { max: limits.mailRequestsPerAddress, message: requestsTooMany, call: (n) => ({ query: { userName: `nobody${n}` } }) },
  'GET /api/users/forgot-password': { max: limits.mailRequestsPerAddress, message: requestsTooMany, call: (n) => ({ query: { emailAddress: `nobody${n}@example.com` } }) },
  'GET /api/users/forgot-user-name': { max: limits.mailRequestsPerAddress, message: requestsTooMany, call: (n) => ({ query: { emailAddress: `nobody${n}@example.com` } }) },
  'POST /api/User/CreateVerificationCode': { max: limits.mailRequestsPerAddress, message: requestsTooMany, call: (n) => ({ payload: { Token: 'generatenewkey', UserName: `nobody${n}`, Reason: 'activation' } }) },
  'POST /api/users/register': { max: limits.mailRequestsPerAddress, message: requestsTooMany, call: (n) => ({ payload: { UserName: `visitor${n}` } }) },
  // A public form's key is a secret: failing to name a published one counts as a failed key (issue 32). Its definition
  // is a public page's read too (publicReadsPerAddress); the contact page's form is one of them.
  'GET /api/public/forms/1': { max: limits.signInFailuresPerAddress, message: requestsTooMany, call: () => ({}) },
  'POST /api/public/forms/1': { max: limits.signInFailuresPerAddress, message: requestsTooMany, call: (n) => ({ payload: { Values: {}, Token: `guessed-${n}` } }) },
  'POST /api/ErrorLog/LogMany': { max: limits.clientErrorBatchesPerAddress, message: requestsTooMany, call: (n) => ({ payload: [{ Type: 'Error', Message: `flood ${n}` }] }) },
  // Issue 32's public pages: each read and each message counts, malformed or not.
  'GET /api/public/bulletins/1': { max: limits.publicReadsPerAddress, message: requestsTooMany, call: () => ({}) },
  'GET /api/public/schedule': { max: limits.publicReadsPerAddress, message: requestsTooMany, call: () => ({ query: { from: new Date().toISOString() } }) },
};

describe.each(databases)('rate limits on every public call, on %s', (kind) => {
  const t = useTestApp(kind, limits);

  it('every public route is either limited below or only reads what the public pages show', async () => {
    const routes = (await apiRoutes(t.app)).filter((r) => r.isPublic).map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`);
    expect(routes.sort()).toEqual([...readOnly, ...Object.keys(limited)].sort());
  });

  let address = 0;
  it.each(Object.keys(limited))('%s: refused with 429 beyond its limit per client address, in the error shape', async (key) => {
    const { max, message, call } = limited[key];
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
    const from = `10.9.${++address}.1`;
    const send = (n: number, remoteAddress: string) => t.app.inject({ method, url, remoteAddress, ...call(n) });
    for (let n = 0; n < max; n++) {
      const res = await send(n, from);
      expect(res.statusCode, `call ${n + 1}: ${res.body}`).not.toBe(429);
    }
    const refused = await send(max, from);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual([{ PropertyName: null, ErrorMessage: expect.stringMatching(new RegExp(`^${message.replace(/[.]/g, '\\.')} Please try again in \\d+ minute\\(s\\)\\.$`)), ErrorCode: 'TooManyAttempts' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await send(max + 1, `10.9.${address}.2`)).statusCode).not.toBe(429);
  });

  it('an e-mailed key that works is not counted against the address', async () => {
    const from = '10.8.0.1';
    const activate = (ActivationToken: string) => t.app.inject({ method: 'PUT', url: '/api/User/Activate', remoteAddress: from, payload: { ActivationToken, ActivationReason: 'activation' } });
    for (let n = 0; n < limits.signInFailuresPerAddress - 1; n++) expect((await activate(`wrong-${n}`)).statusCode).toBe(400);
    // A good activation link of a fresh account, used twice over.
    for (const name of ['keyed1', 'keyed2']) {
      const userId = await addUser(t.app, { UserName: name, Password: 'Keyed1234' });
      await t.app.db('users').where({ UserId: userId }).update({ IsVerified: false });
      const res = await activate(await issueKey(t.app.db, userId, 'activation', 3600));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await activate('wrong-last')).statusCode).toBe(400);
    expect((await activate('wrong-over')).statusCode).toBe(429);
  });
});
