import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addUser } from './account-fixtures.ts';
import { issueKey } from '../../server/modules/accounts/verification-keys.ts';
import { verifyPassword } from '../../server/lib/password.ts';
import { commonPasswordMessage, isCommonPassword } from '../../server/lib/common-passwords.ts';

// Each sign-in and each password set runs scrypt at N=2^17 (about a second each on a busy 2-core machine).
vi.setConfig({ testTimeout: 120_000 });

const refusal = (PropertyName: string) => [{ PropertyName, ErrorMessage: 'Must not be a commonly used password.', ErrorCode: 'CommonPassword' }];

describe('the common-password list', () => {
  it('holds the well-known ones whatever their case, and not a password of chance', async () => {
    expect(commonPasswordMessage).toBe('Must not be a commonly used password.');
    for (const common of ['password1', 'Password1', 'PASSWORD1', 'qwerty123', 'iloveyou1', 'abc12345', 'p@ssw0rd']) expect(await isCommonPassword(common), common).toBe(true);
    for (const rare of ['Zq8vLm2Rw', 'Engine1843x', 'Adm1nPassword']) expect(await isCommonPassword(rare), rare).toBe(false);
  });
});

/** Every way a password is set refuses one from the list (the pattern alone lets password1 through), and writes nothing. */
describe.each(databases)('common and breached passwords are refused wherever a password is set, on %s', (kind) => {
  const t = useTestApp(kind, { mailRequestsPerAddress: 1000, accountLookupsPerWindow: 1000 });
  const hashOf = async (UserName: string) => (await t.app.db('users').where({ UserName }).first('PasswordHash'))?.PasswordHash as string | null | undefined;

  it('self-registration', async () => {
    const visitor = (Password: string) => ({
      FirstName: 'Vi', LastName: 'Sitor', EmailAddress: 'common.visitor@example.org', ConfirmEmailAddress: 'common.visitor@example.org',
      UserName: 'common.visitor', Password, ConfirmPassword: Password,
    });
    const refused = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: visitor('password1') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal('Password'));
    expect(await hashOf('common.visitor')).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/users/register', payload: visitor('Zq8vLm2Rw') })).statusCode).toBe(201);
  });

  it('an administrator creating a user', async () => {
    const admin = await signIn(t.app);
    const user = (Password: string) => ({
      FirstName: 'Ada', LastName: 'Common', EmailAddress: 'ada.common@example.org', ConfirmEmailAddress: 'ada.common@example.org',
      UserName: 'ada.common', Password, ConfirmPassword: Password,
    });
    const refused = await injectLocked(t.app, admin, { method: 'POST', url: '/api/users', payload: user('Password1') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal('Password'));
    expect(await hashOf('ada.common')).toBeUndefined();
    expect((await injectLocked(t.app, admin, { method: 'POST', url: '/api/users', payload: user('Zq8vLm2Rw') })).statusCode).toBe(201);
  });

  it('a password link, and an activation link that creates the password, which stay usable', async () => {
    const resetId = await addUser(t.app, { UserName: 'resetter', Password: 'Resetter123' });
    const activateId = await addUser(t.app, { UserName: 'activator', IsVerified: false });
    for (const [userId, reason, name] of [[resetId, 'passwordreset', 'resetter'], [activateId, 'activationupdatepassword', 'activator']] as const) {
      const before = await hashOf(name);
      const Token = await issueKey(t.app.db, userId, reason, 3600);
      const send = (Password: string) => t.app.inject({ method: 'POST', url: '/api/User/ResetForgottenPassword', payload: { Token, Password, ConfirmPassword: Password } });
      const refused = await send('qwerty123');
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toEqual(refusal('Password'));
      expect(await hashOf(name)).toBe(before);
      expect((await send('Zq8vLm2Rw')).statusCode, name).toBe(200);
    }
  });

  it('the signed-in user changing their own password, on My Account and on Your Account', async () => {
    await addUser(t.app, { UserName: 'changer', Password: 'Changer123' });
    const who = await signIn(t.app, 'changer', 'Changer123');
    const change = (NewPassword: string) => injectAs(t.app, who, { method: 'POST', url: '/api/users/update-password', payload: { CurrentPassword: 'Changer123', NewPassword, ConfirmPassword: NewPassword } });
    const refused = await change('iloveyou1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal('NewPassword'));
    expect(await verifyPassword('Changer123', await hashOf('changer'))).toBe(true);

    const account = (await injectLocked(t.app, who, { method: 'GET', url: '/api/youraccount' })).json();
    const viaAccount = await injectLocked(t.app, who, { method: 'POST', url: '/api/youraccount', payload: { ...account, ChangePassword: true, CurrentPassword: 'Changer123', NewPassword: 'Welcome1', ConfirmPassword: 'Welcome1' } });
    expect(viaAccount.statusCode).toBe(400);
    expect(viaAccount.json()).toEqual(refusal('NewPassword'));
    expect(await verifyPassword('Changer123', await hashOf('changer'))).toBe(true);

    expect((await change('Zq8vLm2Rw')).statusCode).toBe(200);
  });
});
