import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser, signInBody, pause } from './account-fixtures.ts';
import { startActivation } from '../../server/modules/accounts/account-users.ts';

const activate = (ActivationReason: string, ActivationToken: string) =>
  ({ method: 'PUT' as const, url: '/api/User/Activate', payload: { ActivationReason, ActivationToken } });

/** /user/activate/{reason}/{token} -> [reason, token] */
function reasonAndToken(url: URL): [string, string] {
  const [, , , reason, token] = url.pathname.split('/');
  return [reason, decodeURIComponent(token)];
}

describe.each(databases)('activation by e-mailed link on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://admin.example.com' });

  it('refuses sign-in until the account is verified, then the link verifies it once', async () => {
    const userId = await addUser(t.app, { UserName: 'ava', Password: 'AvaPass123' });
    await startActivation(t.app, userId);
    const mail = await smtp.take('ava@example.org');
    expect(mail.subject).toBe('Activate your account');
    const link = linkIn(mail, '/user/activate/');
    expect(link.origin).toBe('https://admin.example.com');
    const [reason, token] = reasonAndToken(link);
    expect(reason).toBe('activation');

    const before = await t.app.inject(signInBody('ava', 'AvaPass123'));
    expect(before.statusCode).toBe(400);
    const [item] = before.json();
    expect(item.ErrorMessage).toContain('verification');
    expect(item).toMatchObject({ ErrorCode: 'VerificationRequired', Reason: 'activation' });
    expect(typeof item.StaleKey).toBe('string');

    const res = await t.app.inject(activate(reason, token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: 'Your account has been successfully verified. Please log in.', UserName: 'ava' });
    const user = await t.app.db('users').where({ UserId: userId }).first('IsVerified', 'ActivationDate');
    expect(user.IsVerified).toBe(true);
    expect(user.ActivationDate).not.toBeNull();
    expect((await t.app.inject(signInBody('ava', 'AvaPass123'))).statusCode).toBe(200);

    const again = await t.app.inject(activate(reason, token));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key has expired.', ErrorCode: 'StaleKey', StaleKey: token, Reason: 'activation',
    }]);
  });

  it('does not tell a wrong password of an unverified account from any other wrong password', async () => {
    const userId = await addUser(t.app, { UserName: 'quiet', Password: 'QuietPass1' });
    await startActivation(t.app, userId);
    await smtp.take('quiet@example.org');
    const res = await t.app.inject(signInBody('quiet', 'WrongPass1'));
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'The User Name or Password you entered is incorrect.', ErrorCode: 'LoginFailed' }]);
  });

  it("answers a link without token or reason with 'Empty token or reason.'", async () => {
    for (const [reason, token] of [['', 'abc'], ['activation', ''], [' ', ' ']]) {
      const res = await t.app.inject(activate(reason, token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Empty token or reason.', ErrorCode: 'EmptyTokenOrReason' }]);
    }
  });

  it('answers an unknown key, or a key used with another reason, as invalid', async () => {
    const unknown = await t.app.inject(activate('activation', 'no-such-key'));
    expect(unknown.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key is invalid.', ErrorCode: 'InvalidKey', StaleKey: 'generatenewkey', Reason: 'activation',
    }]);
    const userId = await addUser(t.app, { UserName: 'mixed', Password: 'MixedPass1' });
    await startActivation(t.app, userId);
    const [, token] = reasonAndToken(linkIn(await smtp.take('mixed@example.org'), '/user/activate/'));
    const wrongReason = await t.app.inject(activate('activationupdatepassword', token));
    expect(wrongReason.json()[0]).toMatchObject({ ErrorCode: 'InvalidKey', StaleKey: 'generatenewkey' });
    expect((await t.app.inject(activate('activation', token))).statusCode).toBe(200);
  });

  it('refuses the link of a deactivated account', async () => {
    const userId = await addUser(t.app, { UserName: 'deact', Password: 'DeactPass1' });
    await startActivation(t.app, userId);
    const [reason, token] = reasonAndToken(linkIn(await smtp.take('deact@example.org'), '/user/activate/'));
    await t.app.db('users').where({ UserId: userId }).update({ IsActive: false });
    expect((await t.app.inject(activate(reason, token))).json()[0].ErrorCode).toBe('InvalidKey');
  });
});

describe.each(databases)('expired activation links on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, activationKeySeconds: 1 });

  it('refuses the link after its lifetime, offering the key for renewal', async () => {
    const userId = await addUser(t.app, { UserName: 'late', Password: 'LatePass12' });
    await startActivation(t.app, userId);
    const [reason, token] = reasonAndToken(linkIn(await smtp.take('late@example.org'), '/user/activate/'));
    await pause(1500);
    const res = await t.app.inject(activate(reason, token));
    expect(res.statusCode).toBe(400);
    expect(res.json()[0]).toMatchObject({ ErrorMessage: 'The verification key has expired.', StaleKey: token, Reason: 'activation' });
  });
});
