import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser, signInBody, pause } from './account-fixtures.ts';
import { startActivation } from '../../server/modules/accounts/account-users.ts';

const newCode = 'New verification code was created and sent to your email account.';

describe.each(databases)('new verification codes (invalid verification code page) on %s', (kind) => {
  const smtp = useSmtpCatcher();
  // Activation links expire after a second here, so stale keys are quick to make.
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, activationKeySeconds: 1, mailRequestsPerAddress: 1000, accountLookupsPerWindow: 1000 });

  const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/User/CreateVerificationCode', payload });
  const tokenOf = (url: URL) => decodeURIComponent(url.pathname.split('/').pop()!);

  it('trades an expired activation key, once, for a freshly mailed one', async () => {
    const userId = await addUser(t.app, { UserName: 'stale', Password: 'StalePass1' });
    await startActivation(t.app, userId);
    const old = tokenOf(linkIn(await smtp.take('stale@example.org'), '/user/activate/'));
    await pause(1200);
    const refused = await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: 'activation', ActivationToken: old } });
    const { StaleKey, Reason } = refused.json()[0];
    expect(StaleKey).toBe(old);

    const res = await create({ Reason, Token: StaleKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: newCode });
    const fresh = tokenOf(linkIn(await smtp.take('stale@example.org'), '/user/activate/activation/'));
    expect(fresh).not.toBe(old);

    const twice = await create({ Reason, Token: StaleKey });
    expect(twice.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key has expired.', ErrorCode: 'StaleKey', StaleKey: 'generatenewkey', Reason: 'activation',
    }]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: 'activation', ActivationToken: fresh } })).statusCode).toBe(200);
  });

  it('renews from the StaleKey of a sign-in verification error without asking for the user name', async () => {
    const userId = await addUser(t.app, { UserName: 'fromlogin', Password: 'LoginPass1' });
    await startActivation(t.app, userId);
    await smtp.take('fromlogin@example.org');
    const [item] = (await t.app.inject(signInBody('fromlogin', 'LoginPass1'))).json();
    expect((await create({ Reason: item.Reason, Token: item.StaleKey })).json()).toEqual({ Message: newCode });
    const fresh = tokenOf(linkIn(await smtp.take('fromlogin@example.org'), '/user/activate/activation/'));
    expect((await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: 'activation', ActivationToken: fresh } })).statusCode).toBe(200);
    expect((await t.app.inject(signInBody('fromlogin', 'LoginPass1'))).statusCode).toBe(200);
  });

  it('with generatenewkey, mails by user name or by e-mail address', async () => {
    const userId = await addUser(t.app, { UserName: 'byname', Password: 'ByNamePass1', EmailAddress: 'byname.mail@example.org' });
    await startActivation(t.app, userId);
    await smtp.take('byname.mail@example.org');
    expect((await create({ Reason: 'activation', Token: 'generatenewkey', UserName: 'BYNAME' })).json()).toEqual({ Message: newCode });
    linkIn(await smtp.take('byname.mail@example.org'), '/user/activate/activation/');
    expect((await create({ Reason: 'activation', Token: 'generatenewkey', UserName: 'byname.mail@example.org' })).json()).toEqual({ Message: newCode });
    linkIn(await smtp.take('byname.mail@example.org'), '/user/activate/activation/');
  });

  it('with generatenewkey, requires the user name', async () => {
    const res = await create({ Reason: 'activation', Token: 'generatenewkey', UserName: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: 'User Name is required.', ErrorCode: 'required' }]);
    expect((await create({ Reason: 'activation' })).json()[0]).toMatchObject({ PropertyName: 'Token', ErrorMessage: 'Token is required.' });
  });

  it('answers an unknown user exactly as a known one, sending nothing', async () => {
    const res = await create({ Reason: 'activation', Token: 'generatenewkey', UserName: 'no-such-user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: newCode });
  });

  it('mails a verified account a password link when the reason is passwordreset, and nothing for activation', async () => {
    await addUser(t.app, { UserName: 'verified', Password: 'Verified12' });
    expect((await create({ Reason: 'passwordreset', Token: 'generatenewkey', UserName: 'verified' })).json()).toEqual({ Message: newCode });
    linkIn(await smtp.take('verified@example.org'), '/user/changepassword/');
    expect((await create({ Reason: 'activation', Token: 'generatenewkey', UserName: 'verified' })).json()).toEqual({ Message: newCode });
    await smtp.expectNone('verified@example.org');
  });

  it('tells the holder of an activation key of an already verified account to log in', async () => {
    const userId = await addUser(t.app, { UserName: 'done', Password: 'DonePass12' });
    await startActivation(t.app, userId);
    const token = tokenOf(linkIn(await smtp.take('done@example.org'), '/user/activate/'));
    await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: 'activation', ActivationToken: token } });
    const res = await create({ Reason: 'activation', Token: token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Your account has already been verified. Please log in.', ErrorCode: 'AlreadyVerified' }]);
  });

  it('answers an unknown token without a user name as invalid, pointing to generatenewkey', async () => {
    const res = await create({ Reason: 'activation', Token: 'made-up' });
    expect(res.json()).toEqual([{
      PropertyName: null, ErrorMessage: 'The verification key is invalid.', ErrorCode: 'InvalidKey', StaleKey: 'generatenewkey', Reason: 'activation',
    }]);
  });
});
