import { describe, expect, it } from 'vitest';
import { databases, useTestApp, injectAs } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser } from './account-fixtures.ts';
import { tokenSignInFailed } from '../../server/modules/auth/token-routes.ts';

describe.each(databases)('sign-in by an e-mailed token on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://admin.example.com', mailRequestsPerAddress: 1000, accountLookupsPerWindow: 1000 });
  const signInWith = (Token: string) => t.app.inject({ method: 'POST', url: '/api/Authenticate/SignInWithToken', payload: { Token } });

  it('mails a /login/{token} link that signs the user in once', async () => {
    await addUser(t.app, { UserName: 'tomas', Password: 'Token1234', EmailAddress: 'tomas@example.org' });
    const asked = await t.app.inject({ url: '/api/User/RequestSignInLink?userName=TOMAS' });
    expect(asked.json()).toEqual({ Message: 'An email has been sent to the username provided.  Please check your email.' });
    const mail = await smtp.take('tomas@example.org');
    expect(mail.subject).toBe('Your sign-in link');
    const token = decodeURIComponent(linkIn(mail, '/login/').pathname.split('/').pop()!);

    const res = await signInWith(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ User: { UserName: 'tomas' }, MustChangePassword: false });
    const headers = { authorization: `Bearer ${res.headers['x-auth-token']}`, 'session-id': res.json().Session.SessionId };
    expect((await injectAs(t.app, { token: '', sessionId: '', headers }, { url: '/api/Authenticate/Current' })).statusCode).toBe(200);

    const again = await signInWith(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual([{ PropertyName: 'Token', ErrorMessage: tokenSignInFailed, ErrorCode: 'InvalidToken' }]);
  });

  it('refuses an unknown token and a key made for another purpose', async () => {
    expect((await signInWith('made-up')).json()[0].ErrorCode).toBe('InvalidToken');
    await addUser(t.app, { UserName: 'petra', Password: 'Token1234', EmailAddress: 'petra@example.org' });
    await t.app.inject({ url: '/api/User/RequestForgottenPasswordByUserName?userName=petra' });
    const reset = decodeURIComponent(linkIn(await smtp.take('petra@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    expect((await signInWith(reset)).statusCode).toBe(400);
  });

  it('answers the same for a user name that does not exist, and sends nothing', async () => {
    const res = await t.app.inject({ url: '/api/User/RequestSignInLink?userName=nobody-here' });
    expect(res.json()).toEqual({ Message: 'An email has been sent to the username provided.  Please check your email.' });
  });
});
