import { describe, expect, it } from 'vitest';
import { databases, useTestApp, injectAs } from './helper.ts';
import { addUser, signInBody } from './account-fixtures.ts';

describe.each(databases)('sign-in of a user who must change the password on %s', (kind) => {
  const t = useTestApp(kind);

  it('returns a VerificationKey for /user/changepassword/{key}, which sets the new password', async () => {
    await addUser(t.app, { UserName: 'forced', Password: 'Forced1234', MustChangePassword: true });
    const res = await t.app.inject(signInBody('forced', 'Forced1234'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.MustChangePassword).toBe(true);
    expect(body.VerificationKey).toMatch(/^[\w-]{43}$/);
    const who = { headers: { authorization: `Bearer ${res.headers['x-auth-token']}`, 'session-id': body.Session.SessionId } };

    // Restoring the session on page load hands out a fresh key as well.
    const current = await t.app.inject({ method: 'GET', url: '/api/Authenticate/Current', headers: who.headers });
    expect(current.json()).toMatchObject({ MustChangePassword: true });
    const key = current.json().VerificationKey as string;
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toBe(body.VerificationKey);

    const done = await t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword',
      payload: { UserName: 'forced', Token: key, Password: 'Changed123', ConfirmPassword: 'Changed123' },
    });
    expect(done.json()).toEqual({ Message: 'Your password has been successfully changed.', UserName: 'forced' });
    // The client goes to /login: the old session has ended.
    expect((await injectAs(t.app, { token: '', sessionId: '', headers: who.headers }, { method: 'GET', url: '/api/App/GetRoutes' })).statusCode).toBe(401);

    const again = await t.app.inject(signInBody('forced', 'Changed123'));
    expect(again.json()).toMatchObject({ MustChangePassword: false, VerificationKey: null });
  });

  it('gives no key to a user who need not change the password', async () => {
    await addUser(t.app, { UserName: 'free', Password: 'FreePass12' });
    expect((await t.app.inject(signInBody('free', 'FreePass12'))).json()).toMatchObject({ MustChangePassword: false, VerificationKey: null });
  });
});
