import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { addUser, signInBody } from './account-fixtures.ts';
import { buildApp } from '../../server/app.ts';

const from = (remoteAddress: string, options: ReturnType<typeof signInBody>) => ({ ...options, remoteAddress });

describe.each(databases)('sign-in rate limits on %s', (kind) => {
  const t = useTestApp(kind, { signInFailuresPerAccount: 3, signInFailuresPerAddress: 6, mailRequestsPerAddress: 2 });

  it('locks an account out of the address its failures came from, even for the right password, with a clear 429', async () => {
    await addUser(t.app, { UserName: 'locked', Password: 'Locked1234' });
    for (let i = 0; i < 3; i++) expect((await t.app.inject(from('10.0.0.1', signInBody('locked', 'wrong')))).statusCode).toBe(400);
    const res = await t.app.inject(from('10.0.0.1', signInBody('locked', 'Locked1234')));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Too many failed sign-in attempts. Please try again in 15 minute(s).', ErrorCode: 'TooManyAttempts' }]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('locks an unknown user name the same way, so the lock tells nothing about which names exist', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject(from('10.0.1.1', signInBody('ghost', 'wrong')));
    expect((await t.app.inject(from('10.0.1.1', signInBody('ghost', 'wrong')))).statusCode).toBe(429);
  });

  it('forgets an account\'s failures once it signs in', async () => {
    await addUser(t.app, { UserName: 'forgiven', Password: 'Forgiven12' });
    for (let i = 0; i < 2; i++) await t.app.inject(from('10.0.2.1', signInBody('forgiven', 'wrong')));
    expect((await t.app.inject(from('10.0.2.1', signInBody('forgiven', 'Forgiven12')))).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await t.app.inject(from('10.0.2.1', signInBody('forgiven', 'wrong')));
    expect((await t.app.inject(from('10.0.2.1', signInBody('forgiven', 'Forgiven12')))).statusCode).toBe(200);
  });

  it('limits failures per client address across user names', async () => {
    await addUser(t.app, { UserName: 'victim', Password: 'Victim1234' });
    for (let i = 0; i < 6; i++) await t.app.inject(from('10.0.3.1', signInBody(`spray${i}`, 'wrong')));
    expect((await t.app.inject(from('10.0.3.1', signInBody('victim', 'Victim1234')))).statusCode).toBe(429);
    expect((await t.app.inject(from('10.0.3.2', signInBody('victim', 'Victim1234')))).statusCode).toBe(200);
  });

  it('limits account-mail requests per client address', async () => {
    const ask = () => t.app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=anyone', remoteAddress: '10.0.4.1' });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const res = await ask();
    expect(res.statusCode).toBe(429);
    expect(res.json()[0]).toMatchObject({ ErrorMessage: 'Too many requests. Please try again in 15 minute(s).', ErrorCode: 'TooManyAttempts' });
  });

  // Only PostgreSQL can be shared by two server processes.
  if (kind === 'postgres') it('holds across server processes on the same database', async () => {
    const second = await buildApp(t.config);
    try {
      await addUser(t.app, { UserName: 'shared', Password: 'Shared1234' });
      for (const app of [t.app, second, t.app]) await app.inject(from('10.0.5.1', signInBody('shared', 'wrong')));
      expect((await second.inject(from('10.0.5.1', signInBody('shared', 'Shared1234')))).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
