import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule, signInBody } from './account-fixtures.ts';
import { nodeId } from './access-fixtures.ts';
import { signInSetupMessages } from '../../server/modules/users/sign-in-setup.ts';
import { commonPasswordMessage } from '../../server/lib/common-passwords.ts';
import { fieldAccessMessage } from '../../server/lib/crud/record-access.ts';
import { messages as accessMessages } from '../../server/plugins/access.ts';
import { keyMessages } from '../../server/modules/accounts/stale-key.ts';

let serial = 0;
/** A new user's create body, a different name each time. */
function newUser(extra: object = {}) {
  const name = `newbie${++serial}`;
  return {
    FirstName: 'Nora', LastName: `Newbie${serial}`, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`,
    UserName: name, ...extra,
  };
}
const passwordNow = (Password: string, extra: object = {}) => ({ SignInSetup: 'SetPasswordNow', Password, ConfirmPassword: Password, ...extra });

/** Mail leaves after the response: the rows of the outbox to this address once the mail on its way has gone. */
async function outboxTo(app: FastifyInstance, to: string) {
  await app.mailer.settled();
  return app.db('outbox').where({ ToAddress: to }).orderBy('OutboxId');
}

describe.each(databases)('a user the administrator creates with a password set now, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const create = (payload: object, who?: SignedIn) => injectLocked(t.app, who ?? admin, { method: 'POST', url: '/api/users', payload });
  const userCount = async () => Number((await t.app.db('users').count({ N: '*' }).first())!.N);
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('is active and verified at once, is mailed nothing, and with "must change" unticked works at once', async () => {
    const body = newUser(passwordNow('Quokka-2024', { MustChangePassword: false }));
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ IsActive: true, IsVerified: true, MustChangePassword: false, SignInSetup: 'SetPasswordNow' });
    expect(res.json().ActivationDate).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const answer = await t.app.inject(signInBody(body.UserName, 'Quokka-2024'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ MustChangePassword: false, VerificationKey: null });
    expect(await outboxTo(t.app, body.EmailAddress)).toEqual([]);
  });

  it('with "must change" (the default when not given) goes from the first sign-in straight to the change, and stays signed in after it', async () => {
    const body = newUser(passwordNow('Wombat-2024'));
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ IsVerified: true, MustChangePassword: true });

    // An older session of the user (another browser) must not outlive the change.
    const elsewhere = await signIn(t.app, body.UserName, 'Wombat-2024');
    const first = await t.app.inject(signInBody(body.UserName, 'Wombat-2024'));
    expect(first.json()).toMatchObject({ MustChangePassword: true });
    const key = first.json().VerificationKey as string;
    const here = { authorization: `Bearer ${String(first.headers['x-auth-token'])}`, 'session-id': first.json().Session.SessionId as string };
    expect((await t.app.inject({ method: 'GET', url: '/api/App/GetRoutes', headers: here })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/read-current-user', headers: here })).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword', headers: here,
      payload: { UserName: body.UserName, Token: key, Password: 'Numbat-2025', ConfirmPassword: 'Numbat-2025' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // This session carries on, no longer locked; the other one has ended; the new password signs in.
    const current = await t.app.inject({ method: 'GET', url: '/api/Authenticate/Current', headers: here });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ MustChangePassword: false, VerificationKey: null });
    expect((await injectAs(t.app, elsewhere, { method: 'GET', url: '/api/Authenticate/Current' })).statusCode).toBe(401);
    expect((await t.app.inject(signInBody(body.UserName, 'Wombat-2024'))).statusCode).toBe(400);
    expect((await t.app.inject(signInBody(body.UserName, 'Numbat-2025'))).json()).toMatchObject({ MustChangePassword: false });
  });

  it("keeps no session but the key's own user's: an administrator's session is not what a user's key keeps", async () => {
    const body = newUser(passwordNow('Echidna-2024'));
    expect((await create(body)).statusCode).toBe(201);
    const own = await signIn(t.app, body.UserName, 'Echidna-2024');
    const key = (await injectAs(t.app, own, { method: 'GET', url: '/api/Authenticate/Current' })).json().VerificationKey as string;
    const changed = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/User/ResetForgottenPassword', payload: { Token: key, Password: 'Platypus-2025', ConfirmPassword: 'Platypus-2025' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await injectAs(t.app, own, { method: 'GET', url: '/api/Authenticate/Current' })).statusCode).toBe(401);
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });

  it('refuses a missing, weak, unconfirmed or common password with the password rules, writing nothing', async () => {
    const before = await userCount();
    const cases: Array<[object, string, string]> = [
      [{ SignInSetup: 'SetPasswordNow' }, 'Password', 'Password is required.'],
      [passwordNow('short'), 'Password', 'Must be a valid password of at least 8 characters with at least one letter and one number.'],
      [{ ...passwordNow('Koala-2024'), ConfirmPassword: 'Koala-2025' }, 'ConfirmPassword', 'Must equal Password.'],
      [passwordNow('password1'), 'Password', commonPasswordMessage],
    ];
    for (const [extra, field, message] of cases) {
      const res = await create(newUser(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toContainEqual(expect.objectContaining({ PropertyName: field, ErrorMessage: message }));
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a choice it does not know, writing nothing', async () => {
    const before = await userCount();
    const res = await create(newUser(passwordNow('Dingo-2024', { SignInSetup: 'TrustMe' })));
    expect(res.statusCode).toBe(400);
    expect(res.json()[0].PropertyName).toBe('SignInSetup');
    expect(await userCount()).toBe(before);
  });

  it("names the choice in the user's History", async () => {
    const { UserId } = (await create(newUser(passwordNow('Bilby-2024', { MustChangePassword: false })))).json();
    const [entry] = (await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${UserId}/history` })).json();
    expect(entry.Action).toBe('create');
    expect(entry.Changes).toEqual(expect.arrayContaining([
      { Field: 'SignInSetup', Old: null, New: 'SetPasswordNow' },
      { Field: 'IsVerified', Old: null, New: true },
      { Field: 'MustChangePassword', Old: null, New: false },
    ]));
  });
});

describe.each(databases)('a user the administrator creates with an activation e-mail, on %s', (kind) => {
  const t = useTestApp(kind, { publicUrl: 'https://onboard.example.com' });
  let admin: SignedIn;
  const create = (payload: object) => injectLocked(t.app, admin, { method: 'POST', url: '/api/users', payload });
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('gets no password: the mail in the outbox lets them verify the address and create one, then sign in', async () => {
    const body = newUser({ SignInSetup: 'SendActivationEmail' });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ IsVerified: false, SignInSetup: 'SendActivationEmail' });
    const [mail] = await outboxTo(t.app, body.EmailAddress);
    expect(mail).toMatchObject({ Subject: 'Activate your account', Status: 'Not sent', UserId: res.json().UserId });
    const [, reason, token] = /\/user\/activateupdatepassword\/([a-z]+)\/(\S+)/.exec(mail.TextBody)!;
    const done = await t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword',
      payload: { UserName: body.UserName, Token: decodeURIComponent(token), Password: 'Possum-2024', ConfirmPassword: 'Possum-2024' },
    });
    expect(reason).toBe('activationupdatepassword');
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.app.inject(signInBody(body.UserName, 'Possum-2024'))).json()).toMatchObject({ MustChangePassword: false });
  });

  it('refuses a password given with it (the user creates their own), writing and mailing nothing', async () => {
    const body = newUser({ SignInSetup: 'SendActivationEmail', Password: 'Wallaby-2024', ConfirmPassword: 'Wallaby-2024' });
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'Password', ErrorMessage: signInSetupMessages.noPasswordWithActivationEmail, ErrorCode: 'PasswordWithActivationEmail' }]);
    expect(await t.app.db('users').where({ UserName: body.UserName }).first()).toBeUndefined();
    expect(await outboxTo(t.app, body.EmailAddress)).toEqual([]);
  });

  it('without the choice (a caller that predates it) keeps the earlier way: unverified until the e-mailed link is used', async () => {
    const body = newUser({ Password: 'Kiwi-2024x', ConfirmPassword: 'Kiwi-2024x' });
    const res = await create(body);
    expect(res.json()).toMatchObject({ IsVerified: false, MustChangePassword: true, SignInSetup: null });
    const refused = await t.app.inject(signInBody(body.UserName, 'Kiwi-2024x'));
    expect(refused.json()[0]).toMatchObject({ ErrorCode: 'VerificationRequired', ErrorMessage: keyMessages.unverified });
    expect((await outboxTo(t.app, body.EmailAddress)).map((m) => m.Subject)).toEqual(['Activate your account']);
  });
});

describe.each(databases)('who may set a password for a new user, on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Manager-2024';

  async function managerWith(name: string, revoke: Array<{ type: 'route' | 'field'; name: string }>): Promise<SignedIn> {
    const roleId = await addRole(t.app, `Managers ${name}`);
    await grantModule(t.app, roleId, 'RegisterUser', true);
    for (const node of revoke) await t.app.db('role_permissions').where({ RoleId: roleId, NodeId: await nodeId(t.app, 'RegisterUser', node) }).delete();
    await addUser(t.app, { UserName: name, Password: password, RoleIds: [roleId] });
    return signIn(t.app, name, password);
  }

  it('a user manager who may create users may, and the account works at once', async () => {
    const manager = await managerWith('mgr', []);
    const body = newUser(passwordNow('Goanna-2024', { MustChangePassword: false }));
    const res = await injectAs(t.app, manager, { method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.app.inject(signInBody(body.UserName, 'Goanna-2024'))).statusCode).toBe(200);
  });

  it('one without the create route may not (403), nor one denied the First Sign-In field (400), and nothing is written', async () => {
    const noCreate = await managerWith('nocreate', [{ type: 'route', name: 'users.create' }]);
    const body = newUser(passwordNow('Goanna-2024'));
    const refused = await injectAs(t.app, noCreate, { method: 'POST', url: '/api/users', payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe(accessMessages.noAccess);

    const noChoice = await managerWith('nochoice', [{ type: 'field', name: 'SignInSetup' }]);
    const denied = await injectAs(t.app, noChoice, { method: 'POST', url: '/api/users', payload: body });
    expect(denied.statusCode).toBe(400);
    expect(denied.json()).toEqual([{ PropertyName: 'SignInSetup', ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }]);
    expect(await t.app.db('users').where({ UserName: body.UserName }).first()).toBeUndefined();
  });

  it('a visitor registering cannot: the choice is not on the public form, and a body that carries it still needs the e-mail', async () => {
    const form = (await t.app.inject({ method: 'GET', url: '/api/users/self-registration-form' })).json();
    expect(form.Screen.form.fields.create).not.toContain('SignInSetup');
    expect(form.Screen.form.fields.create).not.toContain('MustChangePassword');
    expect(JSON.stringify(form.Screen.form.rules)).not.toContain('SignInSetup');
    const body = newUser(passwordNow('Galah-20245', { MustChangePassword: false }));
    expect((await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body })).statusCode).toBe(201);
    expect(await t.app.db('users').where({ UserName: body.UserName }).first('IsVerified', 'SignInSetup')).toEqual({ IsVerified: false, SignInSetup: null });
  });
});
