import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { addUser } from './account-fixtures.ts';
import { duplicateUserName } from '../../server/modules/users/routes.ts';

// Each sign-in and each password set runs scrypt at N=2^17 (about a second each on a busy 2-core machine).
vi.setConfig({ testTimeout: 120_000 });

const tooMany = [{ PropertyName: null, ErrorMessage: expect.stringMatching(/^Too many requests\. Please try again in \d+ minute\(s\)\.$/), ErrorCode: 'TooManyAttempts' }];

const registration = (UserName: string) => ({
  FirstName: 'Vi', LastName: 'Sitor', EmailAddress: 'vi.sitor@example.org', ConfirmEmailAddress: 'vi.sitor@example.org', UserName,
  Password: 'Visitor123', ConfirmPassword: 'Visitor123',
});

/**
 * Every call whose answer tells whether an account exists (the uniqueness checks, registration's duplicate check, the
 * recovery calls) is limited per client address and per signed-in user: 30 in the window by default, the 31st is 429.
 */
describe.each(databases)('calls that tell whether an account exists are rate-limited, on %s', (kind) => {
  // The default limit of lookups (30); the mail limit out of the way so that the lookups' own limit is what refuses.
  const t = useTestApp(kind, { mailRequestsPerAddress: 1000 });

  it('refuses the 31st uniqueness check of a user with no role, per user and per address, in the error shape', async () => {
    await addUser(t.app, { UserName: 'noroleA', Password: 'NoRole1234' });
    await addUser(t.app, { UserName: 'noroleB', Password: 'NoRole1234' });
    const a = await signIn(t.app, 'noroleA', 'NoRole1234');
    const b = await signIn(t.app, 'noroleB', 'NoRole1234');
    const check = (who: typeof a, remoteAddress: string, url = '/api/users/is-unique-user-name?userName=admin') =>
      injectAs(t.app, who, { method: 'GET', url, remoteAddress });
    for (let n = 1; n <= 30; n++) {
      const res = await check(a, '10.5.0.1', n % 2 ? '/api/users/is-unique-user-name?userName=admin' : `/api/users/is-unique-email-address?emailAddress=x${n}@example.org`);
      expect(res.statusCode, `call ${n}: ${res.body}`).toBe(200);
    }
    const refused = await check(a, '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address: still refused. Another user from the same address: refused too.
    expect((await check(a, '10.5.0.2')).statusCode).toBe(429);
    expect((await check(b, '10.5.0.1')).statusCode).toBe(429);
    // Neither limit reaches another user on another address.
    const other = await check(b, '10.5.0.3');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toBe(false);
  });

  it('counts the recovery calls and registration together per address, and refuses the 31st', async () => {
    const from = '10.6.0.1';
    const calls = [
      '/api/User/RequestForgottenPasswordByUserName?userName=admin',
      '/api/users/forgot-password?emailAddress=nobody%40example.org',
      '/api/users/forgot-user-name?emailAddress=nobody%40example.org',
    ];
    for (let n = 0; n < 30; n++) {
      const res = await t.app.inject({ method: 'GET', url: calls[n % 3], remoteAddress: from });
      expect(res.statusCode, `call ${n + 1}: ${res.body}`).toBe(200);
    }
    const register = await t.app.inject({ method: 'POST', url: '/api/users/register', remoteAddress: from, payload: registration('admin') });
    expect(register.statusCode).toBe(429);
    expect(register.json()).toEqual(tooMany);
    for (const url of [...calls, '/api/User/RequestSignInLink?userName=admin']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: from })).statusCode, url).toBe(429);
    }
    // Registration's duplicate check still answers from an address within its limit, with the spec's message.
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/users/register', remoteAddress: '10.6.0.2', payload: registration('admin') });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: duplicateUserName, ErrorCode: 'Unique' }]);
  });
});
