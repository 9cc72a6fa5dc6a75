import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser, signInBody } from './account-fixtures.ts';

const sent = 'An email has been sent to the username provided.  Please check your email.';
const changed = 'Your password has been successfully changed.';

describe.each(databases)('password recovery by e-mail on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://admin.example.com', mailRequestsPerAddress: 1000, accountLookupsPerWindow: 1000 });

  const request = (userName: string) =>
    t.app.inject({ method: 'GET', url: `/api/User/RequestForgottenPasswordByUserName?userName=${encodeURIComponent(userName)}` });
  const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/User/ResetForgottenPassword', payload });

  it('mails a change link to the account, and the link sets a new password once', async () => {
    await addUser(t.app, { UserName: 'rita', Password: 'OldPass123', EmailAddress: 'rita@example.org' });
    const res = await request('RITA');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: sent });

    const mail = await smtp.take('rita@example.org');
    expect(mail.subject).toBe('Change your password');
    expect(mail.html).toContain('href="https://admin.example.com/user/changepassword/');
    const link = linkIn(mail, '/user/changepassword/');
    expect(link.origin).toBe('https://admin.example.com');
    const token = decodeURIComponent(link.pathname.split('/').pop()!);
    expect(token).toMatch(/^[\w-]{43}$/);

    const done = await reset({ Token: token, Password: 'NewPass456', ConfirmPassword: 'NewPass456' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ Message: changed, UserName: 'rita' });
    expect((await t.app.inject(signInBody('rita', 'NewPass456'))).statusCode).toBe(200);
    expect((await t.app.inject(signInBody('rita', 'OldPass123'))).statusCode).toBe(400);

    const again = await reset({ Token: token, Password: 'Other789x', ConfirmPassword: 'Other789x' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key has expired.', ErrorCode: 'StaleKey', StaleKey: token, Reason: 'passwordreset',
    }]);
  });

  it('keeps only a hash of the key in the database', async () => {
    await addUser(t.app, { UserName: 'hashy', Password: 'OldPass123' });
    await request('hashy');
    const token = decodeURIComponent(linkIn(await smtp.take('hashy@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    const rows = await t.app.db('verification_keys').select('KeyHash');
    expect(rows.some((r: { KeyHash: string }) => r.KeyHash.includes(token))).toBe(false);
    expect(rows.every((r: { KeyHash: string }) => /^[0-9a-f]{64}$/.test(r.KeyHash))).toBe(true);
  });

  it('answers an unknown or deactivated user name exactly as a known one, and sends nothing', async () => {
    await addUser(t.app, { UserName: 'gone', Password: 'OldPass123', IsActive: false });
    for (const name of ['nobody-here', 'gone']) {
      const res = await request(name);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Message: sent });
    }
    await smtp.expectNone('gone@example.org');
  });

  it('answers an unverified account exactly as any other, and mails it its activation link instead', async () => {
    await addUser(t.app, { UserName: 'newbie', Password: 'OldPass123', IsVerified: false });
    const res = await request('newbie');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: sent });
    const mail = await smtp.take('newbie@example.org');
    expect(mail.subject).toBe('Activate your account');
    expect(linkIn(mail, '/user/activate/activation/').origin).toBe('https://admin.example.com');
  });

  it('requires the user name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=' });
    expect(res.statusCode).toBe(400);
    expect(res.json()[0]).toMatchObject({ PropertyName: 'userName', ErrorMessage: 'User Name is required.' });
  });

  it('makes only the newest link work', async () => {
    await addUser(t.app, { UserName: 'twice', Password: 'OldPass123' });
    await request('twice');
    const first = decodeURIComponent(linkIn(await smtp.take('twice@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    await request('twice');
    const second = decodeURIComponent(linkIn(await smtp.take('twice@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    expect(second).not.toBe(first);
    const old = await reset({ Token: first, Password: 'NewPass456', ConfirmPassword: 'NewPass456' });
    expect(old.json()[0]).toMatchObject({ ErrorMessage: 'The verification key has expired.', StaleKey: first });
    expect((await reset({ Token: second, Password: 'NewPass456', ConfirmPassword: 'NewPass456' })).statusCode).toBe(200);
  });

  it('checks the new password, its confirmation and the user name against the link', async () => {
    await addUser(t.app, { UserName: 'picky', Password: 'OldPass123' });
    await request('picky');
    const token = decodeURIComponent(linkIn(await smtp.take('picky@example.org'), '/user/changepassword/').pathname.split('/').pop()!);

    const weak = await reset({ Token: token, Password: 'short', ConfirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()[0]).toMatchObject({ PropertyName: 'Password' });
    const differs = await reset({ Token: token, Password: 'NewPass456', ConfirmPassword: 'NewPass457' });
    expect(differs.json()).toEqual([{ PropertyName: 'ConfirmPassword', ErrorMessage: 'Must equal Password.', ErrorCode: 'linkTo' }]);
    const other = await reset({ Token: token, UserName: 'rita', Password: 'NewPass456', ConfirmPassword: 'NewPass456' });
    expect(other.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: 'The User Name you entered does not match this link.', ErrorCode: 'UserNameMismatch' }]);
    // None of these used the key up.
    expect((await reset({ Token: token, UserName: 'Picky', Password: 'NewPass456', ConfirmPassword: 'NewPass456' })).statusCode).toBe(200);
  });

  it('answers an unknown key as invalid, pointing to generatenewkey', async () => {
    const res = await reset({ Token: 'not-a-key', Password: 'NewPass456', ConfirmPassword: 'NewPass456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key is invalid.', ErrorCode: 'InvalidKey', StaleKey: 'generatenewkey', Reason: 'passwordreset',
    }]);
  });

  it('ends the sessions the user had before the reset', async () => {
    await addUser(t.app, { UserName: 'signedin', Password: 'OldPass123' });
    const who = await signIn(t.app, 'signedin', 'OldPass123');
    await request('signedin');
    const token = decodeURIComponent(linkIn(await smtp.take('signedin@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    await reset({ Token: token, Password: 'NewPass456', ConfirmPassword: 'NewPass456' });
    const after = await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' });
    expect(after.statusCode).toBe(401);
    expect(after.json()[0]).toMatchObject({ ErrorCode: 'SessionPasswordChanged' });
  });

  it('mails a link to every verified account of an e-mail address (forgot-password)', async () => {
    await addUser(t.app, { UserName: 'shared1', Password: 'OldPass123', EmailAddress: 'shared@example.org' });
    await addUser(t.app, { UserName: 'shared2', Password: 'OldPass123', EmailAddress: 'Shared@Example.org' });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/forgot-password?emailAddress=shared%40example.org' });
    expect(res.json()).toEqual({ Message: 'An email has been sent to the email address provided.  Please check your email.' });
    const texts = [(await smtp.take('shared@example.org')).text, (await smtp.take('shared@example.org')).text].join('\n');
    expect(texts).toContain('shared1');
    expect(texts).toContain('shared2');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users/forgot-password?emailAddress=nobody%40example.org' });
    expect(unknown.json()).toEqual(res.json());
    const invalid = await t.app.inject({ method: 'GET', url: '/api/users/forgot-password?emailAddress=not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()[0].PropertyName).toBe('emailAddress');
  });
});

describe.each(databases)('expired password links on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, passwordResetKeySeconds: 1 });

  it('refuses a link after its lifetime with the stale-key error', async () => {
    await addUser(t.app, { UserName: 'slow', Password: 'OldPass123' });
    await t.app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=slow' });
    const token = decodeURIComponent(linkIn(await smtp.take('slow@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    await new Promise((r) => setTimeout(r, 1500));
    const res = await t.app.inject({ method: 'POST', url: '/api/User/ResetForgottenPassword', payload: { Token: token, Password: 'NewPass456', ConfirmPassword: 'NewPass456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key has expired.', ErrorCode: 'StaleKey', StaleKey: token, Reason: 'passwordreset',
    }]);
  });
});
