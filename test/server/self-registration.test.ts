import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addRole, signInBody } from './account-fixtures.ts';
import { registeredMessage } from '../../server/modules/users/self-registration.ts';
import { accessMessages } from '../../server/modules/users/user-access.ts';
import { duplicateEmail, duplicateUserName } from '../../server/modules/users/routes.ts';

const visitor = (name: string, extra: object = {}) => ({
  FirstName: 'Vi', LastName: 'Sitor', EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`, UserName: name,
  Password: 'Visitor123', ConfirmPassword: 'Visitor123', ...extra,
});

describe.each(databases)('self-registration at /user/create for a visitor on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://admin.example.com', mailRequestsPerAddress: 1000, accountLookupsPerWindow: 1000 });
  let members: number;
  let staff: number;
  let retired: number;
  const register = (body: object) => t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  const users = async () => Number((await t.app.db('users').count({ N: '*' }).first())!.N);

  beforeAll(async () => {
    members = await addRole(t.app, 'Members');
    staff = await addRole(t.app, 'Staff');
    retired = await addRole(t.app, 'Former Members');
    await t.app.db('roles').whereIn('RoleId', [members, retired]).update({ IsAvailSelfReg: true });
    await t.app.db('roles').where({ RoleId: retired }).update({ IsActive: false });
  });

  it('offers, without a session, only the active roles available in self-registration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/self-registration-roles' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Id: members, Name: 'Members' }]);
  });

  it("answers, without a session, the user create form without the overrides or the uniqueness lookups, Role drawing from the public roles", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/self-registration-form' });
    expect(res.statusCode).toBe(200);
    const { Screen, Schema } = res.json();
    expect(Screen.form.fields.create).toEqual(['FirstName', 'LastName', 'EmailAddress', 'ConfirmEmailAddress', 'UserName', 'Password', 'ConfirmPassword', 'Role']);
    expect(Screen.form.uiSchema.Role['ui:options'].source).toBe('selfRegistrationRoles');
    expect(JSON.stringify(Screen.form.uiSchema)).not.toContain('asyncValidator');
    expect(Screen.form.rules).toEqual(expect.arrayContaining([{ copy: { from: 'EmailAddress', to: 'UserName' } }]));
    expect(Schema.properties.UserName).toBeTruthy();
  });

  it('creates the account unverified, with no session, answers the registration message and mails the activation link', async () => {
    const res = await register(visitor('vera', { Role: [members] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ Message: registeredMessage, UserName: 'vera' });
    expect(res.headers['x-auth-token']).toBeUndefined();
    const row = await t.app.db('users').where({ UserName: 'vera' }).first('UserId', 'IsVerified', 'IsActive', 'MustChangePassword', 'CreatedBy', 'CreatedById');
    expect(row).toMatchObject({ IsVerified: false, IsActive: true, MustChangePassword: false, CreatedBy: 'vera', CreatedById: row.UserId });
    expect((await t.app.db('user_roles').where({ UserId: row.UserId })).map((r) => r.RoleId)).toEqual([members]);

    expect((await t.app.inject(signInBody('vera', 'Visitor123'))).json()[0]).toMatchObject({ ErrorCode: 'VerificationRequired' });
    const mail = await smtp.take('vera@example.org');
    expect(mail.subject).toBe('Activate your account');
    const [, , , reason, token] = linkIn(mail, '/user/activate/').pathname.split('/');
    expect((await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: reason, ActivationToken: decodeURIComponent(token) } })).statusCode).toBe(200);
    const signedIn = await t.app.inject(signInBody('vera', 'Visitor123'));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().MustChangePassword).toBe(false);
  });

  it('without a password the activation link asks to create one', async () => {
    const { Password: _p, ConfirmPassword: _c, ...body } = visitor('nopass');
    expect((await register(body)).statusCode).toBe(201);
    linkIn(await smtp.take('nopass@example.org'), '/user/activateupdatepassword/');
  });

  it("refuses a role not offered in self-registration (inactive, not marked, unknown), saving nothing and mailing nothing", async () => {
    const before = await users();
    for (const id of [staff, retired, 987654]) {
      const res = await register(visitor('climber', { Role: [id] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ PropertyName: 'Role', ErrorMessage: accessMessages.notSelfRegistration(id), ErrorCode: 'Role' }]);
    }
    expect(await users()).toBe(before);
    await smtp.expectNone('climber@example.org');
  });

  it('checks the fields with the create form\'s rules and messages, and refuses a name or address in use', async () => {
    const res = await register(visitor('badform', { FirstName: '', ConfirmEmailAddress: 'other@example.org', Password: 'short', ConfirmPassword: 'different' }));
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage]));
    expect(byField).toMatchObject({
      FirstName: 'First Name is required.',
      ConfirmEmailAddress: 'Must equal Email Address.',
      Password: 'Must be a valid password of at least 8 characters with at least one letter and one number.',
      ConfirmPassword: 'Must equal Password.',
    });
    const { ConfirmPassword: _c, ...noConfirm } = visitor('noconfirm');
    expect((await register(noConfirm)).json()).toEqual([expect.objectContaining({ PropertyName: 'ConfirmPassword', ErrorMessage: 'Confirm Password is required.' })]);
    const taken = await register(visitor('VERA', { EmailAddress: 'Vera@example.org', ConfirmEmailAddress: 'Vera@example.org' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual([
      { PropertyName: 'UserName', ErrorMessage: duplicateUserName, ErrorCode: 'Unique' },
      { PropertyName: 'EmailAddress', ErrorMessage: duplicateEmail, ErrorCode: 'Unique' },
    ]);
  });

  it('takes no per-user overrides and no fields beyond the form from a visitor', async () => {
    const { NodeId } = await t.app.db('permission_nodes').where({ Type: 'module', Name: 'RegisterUser' }).first('NodeId');
    const res = await register(visitor('sneaky', {
      Permissions: [{ Id: NodeId, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: true, ViewAllRecords: true }],
      IsMaster: true, IsVerified: true,
    }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db('users').where({ UserName: 'sneaky' }).first('UserId', 'IsMaster', 'IsVerified');
    expect(row).toMatchObject({ IsMaster: false, IsVerified: false });
    expect(await t.app.db('user_permissions').where({ UserId: row.UserId })).toEqual([]);
    await smtp.take('sneaky@example.org');
  });

  it("keeps a role's User Count Limit", async () => {
    await t.app.db('roles').where({ RoleId: members }).update({ UserCountLimit: 2 });
    try {
      expect((await register(visitor('second', { Role: [members] }))).statusCode).toBe(201);
      const third = await register(visitor('third', { Role: [members] }));
      expect(third.statusCode).toBe(400);
      expect(third.json()).toEqual([{ PropertyName: 'Role', ErrorMessage: accessMessages.roleFull('Members', 2), ErrorCode: 'Role' }]);
      expect(await t.app.db('users').where({ UserName: 'third' }).first()).toBeUndefined();
      await smtp.take('second@example.org');
      await smtp.expectNone('third@example.org');
    } finally {
      await t.app.db('roles').where({ RoleId: members }).update({ UserCountLimit: 0 });
    }
  });

  it('offers no Role when no role is available in self-registration', async () => {
    await t.app.db('roles').where({ RoleId: members }).update({ IsAvailSelfReg: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/self-registration-roles' })).json()).toEqual([]);
      const { Screen } = (await t.app.inject({ method: 'GET', url: '/api/users/self-registration-form' })).json();
      expect(Screen.form.fields.create).not.toContain('Role');
    } finally {
      await t.app.db('roles').where({ RoleId: members }).update({ IsAvailSelfReg: true });
    }
  });
});

describe.each(databases)('self-registration is rate limited like the other public account calls on %s', (kind) => {
  const t = useTestApp(kind, { mailRequestsPerAddress: 2 });

  it('answers 429 beyond the per-address limit, valid or not', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/register', payload: visitor('one') })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/register', payload: { FirstName: 'Only' } })).statusCode).toBe(400);
    const third = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: visitor('three') });
    expect(third.statusCode).toBe(429);
    expect(third.json()[0].ErrorMessage).toMatch(/try again in \d+ minute\(s\)/);
    expect(await t.app.db('users').where({ UserName: 'three' }).first()).toBeUndefined();
  });
});
