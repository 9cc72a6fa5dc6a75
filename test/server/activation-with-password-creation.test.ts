import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser, signInBody } from './account-fixtures.ts';
import { startActivation } from '../../server/modules/accounts/account-users.ts';

describe.each(databases)('activation with password creation on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; } });

  it('mails an account without a password the create-password link, which activates it with the new password', async () => {
    const userId = await addUser(t.app, { UserName: 'nopass' });
    await startActivation(t.app, userId);
    const link = linkIn(await smtp.take('nopass@example.org'), '/user/activateupdatepassword/');
    const [, , , reason, encoded] = link.pathname.split('/');
    const token = decodeURIComponent(encoded);
    expect(reason).toBe('activationupdatepassword');

    // Without a password there is nothing to sign in with, and nothing tells the account is unverified.
    expect((await t.app.inject(signInBody('nopass', ''))).json()[0].ErrorCode).toBe('LoginFailed');

    // The page shows the user name; the key stays usable for the password.
    for (let i = 0; i < 2; i++) {
      const shown = await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: reason, ActivationToken: token } });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({ Message: 'Your account has been verified. Please create your password.', UserName: 'nopass' });
    }

    const created = await t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword',
      payload: { UserName: 'nopass', Token: token, Password: 'Created123', ConfirmPassword: 'Created123' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ Message: 'Your password has been successfully changed.', UserName: 'nopass' });
    const user = await t.app.db('users').where({ UserId: userId }).first('IsVerified', 'ActivationDate', 'MustChangePassword', 'PasswordLastChangedDate');
    expect(user).toMatchObject({ IsVerified: true, MustChangePassword: false });
    expect(user.ActivationDate).not.toBeNull();
    expect(user.PasswordLastChangedDate).not.toBeNull();
    const signedIn = await t.app.inject(signInBody('nopass', 'Created123'));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().MustChangePassword).toBe(false);

    const again = await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: reason, ActivationToken: token } });
    expect(again.json()[0]).toMatchObject({ ErrorMessage: 'The verification key has expired.', ErrorCode: 'StaleKey', Reason: 'activationupdatepassword' });
  });
});
