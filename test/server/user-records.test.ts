import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { duplicateUserName, masterIsReadOnly } from '../../server/modules/users/routes.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser } from './account-fixtures.ts';

const newUser = {
  FirstName: 'Ada', LastName: 'Lovelace', EmailAddress: 'ada@example.org', ConfirmEmailAddress: 'ada@example.org',
  UserName: 'ada@example.org', Password: 'Engine1843', ConfirmPassword: 'Engine1843',
};

describe.each(databases)('user records through the generic form calls on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('creates a user who can sign in once activated from the e-mail, stamped with who created it, and never returns the password', async () => {
    const res = await call('POST', '/api/users', newUser);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ UserName: 'ada@example.org', IsActive: true, MustChangePassword: true, CreatedBy: 'admin' });
    expect(created).not.toHaveProperty('Password');
    expect(created).not.toHaveProperty('PasswordHash');
    const before = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'ada@example.org', Password: 'Engine1843' } });
    expect(before.json()[0]).toMatchObject({ ErrorCode: 'VerificationRequired' });
    // Without SMTP the activation mail waits in the outbox.
    await expect.poll(() => t.app.db('outbox').where({ ToAddress: 'ada@example.org' }).first('TextBody')).toBeTruthy();
    const { TextBody } = await t.app.db('outbox').where({ ToAddress: 'ada@example.org' }).first('TextBody');
    const [, reason, token] = /\/user\/activate\/([a-z]+)\/(\S+)/.exec(TextBody)!;
    expect((await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: reason, ActivationToken: decodeURIComponent(token) } })).statusCode).toBe(200);
    expect((await signIn(t.app, 'ada@example.org', 'Engine1843')).token).toBeTruthy();
    const read = (await call('GET', `/api/users/${created.UserId}`)).json();
    expect(read.CreatedDate).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('checks a create with the form rules and the specification messages, saving nothing', async () => {
    const before = (await call('GET', '/api/users?pageSize=1000&includeInactive=true')).json().TotalCount;
    const res = await call('POST', '/api/users', {
      ...newUser, UserName: 'x', FirstName: '', ConfirmEmailAddress: 'other@example.org', Password: 'short', ConfirmPassword: 'different',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage]));
    expect(byField).toMatchObject({
      FirstName: 'First Name is required.',
      ConfirmEmailAddress: 'Must equal Email Address.',
      Password: 'Must be a valid password of at least 8 characters with at least one letter and one number.',
      ConfirmPassword: 'Must equal Password.',
    });
    expect((await call('GET', '/api/users?pageSize=1000&includeInactive=true')).json().TotalCount).toBe(before);
  });

  it('requires Confirm Password only once a password is given (rule enforced on the server too)', async () => {
    const { Password: _p, ConfirmPassword: _c, ...withoutPassword } = newUser;
    const res = await call('POST', '/api/users', { ...withoutPassword, UserName: 'nopassword', EmailAddress: 'np@example.org', ConfirmEmailAddress: 'np@example.org' });
    expect(res.statusCode, res.body).toBe(201);
    const missingConfirm = await call('POST', '/api/users', { ...newUser, UserName: 'u2', EmailAddress: 'u2@example.org', ConfirmEmailAddress: 'u2@example.org', ConfirmPassword: undefined });
    expect(missingConfirm.statusCode).toBe(400);
    expect(missingConfirm.json()).toEqual([expect.objectContaining({ PropertyName: 'ConfirmPassword', ErrorMessage: 'Confirm Password is required.' })]);
  });

  it('refuses a user name that exists, whatever its case, with the specification wording', async () => {
    const res = await call('POST', '/api/users', { ...newUser, UserName: 'ADA@example.org', EmailAddress: 'ada2@example.org', ConfirmEmailAddress: 'ada2@example.org' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: duplicateUserName, ErrorCode: 'Unique' }]);
  });

  it('updates, deactivates with who and when, reactivates, and deletes', async () => {
    const { UserId } = (await call('POST', '/api/users', { ...newUser, UserName: 'grace', EmailAddress: 'grace@example.org', ConfirmEmailAddress: 'grace@example.org' })).json();
    const updated = await call('POST', `/api/users/${UserId}`, { FirstName: 'Grace', LastName: 'Hopper', EmailAddress: 'grace@example.org', UserName: 'grace', IsActive: true, UserId, CreatedDate: '2020-01-01T00:00:00Z' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ LastName: 'Hopper', ModifiedBy: 'admin', DeactivatedDate: null });
    const deactivated = (await call('POST', `/api/users/${UserId}/deactivate`)).json();
    expect(deactivated).toMatchObject({ IsActive: false, DeactivatedBy: 'admin' });
    expect(deactivated.DeactivatedDate).toBeTruthy();
    const reactivated = (await call('POST', `/api/users/${UserId}`, { FirstName: 'Grace', LastName: 'Hopper', EmailAddress: 'grace@example.org', UserName: 'grace', IsActive: true })).json();
    expect(reactivated).toMatchObject({ IsActive: true, DeactivatedDate: null, DeactivatedBy: null });
    expect((await call('DELETE', `/api/users/${UserId}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/users/${UserId}`)).statusCode).toBe(404);
  });

  it('updates with Confirm Email Address (spec 1 "the same fields plus"): a changed address must be confirmed, equal to it, writing nothing otherwise', async () => {
    const { UserId } = (await call('POST', '/api/users', { ...newUser, UserName: 'joan', EmailAddress: 'joan@example.org', ConfirmEmailAddress: 'joan@example.org' })).json();
    const base = { FirstName: 'Joan', LastName: 'Clarke', UserName: 'joan', IsActive: true };
    const stored = () => t.app.db('users').where({ UserId }).first('EmailAddress', 'FirstName');
    const unconfirmed = await call('POST', `/api/users/${UserId}`, { ...base, EmailAddress: 'joan.clarke@example.org' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual([expect.objectContaining({ PropertyName: 'ConfirmEmailAddress', ErrorMessage: 'Confirm Email Address is required.' })]);
    const mistyped = await call('POST', `/api/users/${UserId}`, { ...base, EmailAddress: 'joan.clarke@example.org', ConfirmEmailAddress: 'joan.clark@example.org' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json()).toEqual([expect.objectContaining({ PropertyName: 'ConfirmEmailAddress', ErrorMessage: 'Must equal Email Address.' })]);
    // A confirmation that does not match the stored address, with the address unchanged, is as wrong.
    const stale = await call('POST', `/api/users/${UserId}`, { ...base, EmailAddress: 'joan@example.org', ConfirmEmailAddress: 'someone@example.org' });
    expect(stale.statusCode).toBe(400);
    expect((await stored()).EmailAddress).toBe('joan@example.org');
    const confirmed = await call('POST', `/api/users/${UserId}`, { ...base, EmailAddress: 'joan.clarke@example.org', ConfirmEmailAddress: 'joan.clarke@example.org' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await stored()).toEqual({ EmailAddress: 'joan.clarke@example.org', FirstName: 'Joan' });
    // The address kept as it is has nothing to confirm: an update without the confirmation keeps working.
    const kept = await call('POST', `/api/users/${UserId}`, { ...base, FirstName: 'Joanie', EmailAddress: 'joan.clarke@example.org' });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('keeps the master user read-only: no update, deactivation or delete', async () => {
    const master = await t.app.db('users').where({ UserName: 'admin' }).first('UserId');
    for (const [method, url] of [['POST', `/api/users/${master.UserId}`], ['POST', `/api/users/${master.UserId}/deactivate`], ['DELETE', `/api/users/${master.UserId}`]] as const) {
      const res = await call(method, url, method === 'POST' ? { FirstName: 'X', LastName: 'Y', EmailAddress: 'a@b.org', UserName: 'admin', IsActive: false } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()[0].ErrorMessage).toBe(masterIsReadOnly);
    }
    expect(await t.app.db('users').where({ UserName: 'admin' }).first('FirstName', 'IsActive')).toEqual({ FirstName: 'System', IsActive: true });
  });

  it("answers 'No id was provided.' for an id below 1", async () => {
    const res = await call('GET', '/api/users/0');
    expect(res.statusCode).toBe(400);
    expect(res.json()[0].ErrorMessage).toBe('No id was provided.');
  });

  it('refuses a local date-time without a UTC marker anywhere in a body', async () => {
    const res = await call('POST', '/api/users', { ...newUser, UserName: 'dated', ActivationDate: '2026-01-02T10:00:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()[0]).toMatchObject({ PropertyName: 'ActivationDate' });
    expect(res.json()[0].ErrorMessage).toContain('UTC');
  });
});

describe.each(databases)("an administrator's create mails the activation link, and deactivation signs the user out, on %s", (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://admin.example.com' });
  let admin: SignedIn;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const body = (name: string, extra: object = {}) => ({
    FirstName: 'Max', LastName: name, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`, UserName: name, ...extra,
  });
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('mails an activation link over SMTP: to verify (with a password) or to create the password (without one)', async () => {
    const withPassword = await call('POST', '/api/users', body('maxwell', { Password: 'Maxwell123', ConfirmPassword: 'Maxwell123' }));
    expect(withPassword.statusCode, withPassword.body).toBe(201);
    const mail = await smtp.take('maxwell@example.org');
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toContain('Please verify the account maxwell');
    const [, , , reason, token] = linkIn(mail, '/user/activate/').pathname.split('/');
    const activated = await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: reason, ActivationToken: decodeURIComponent(token) } });
    expect(activated.json()).toMatchObject({ UserName: 'maxwell' });
    // The password an administrator chose is to be changed at first sign-in.
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'maxwell', Password: 'Maxwell123' } });
    expect(signedIn.json()).toMatchObject({ MustChangePassword: true });

    expect((await call('POST', '/api/users', body('planck'))).statusCode).toBe(201);
    const create = await smtp.take('planck@example.org');
    expect(create.text).toContain('create its password');
    linkIn(create, '/user/activateupdatepassword/');
  });

  it('sends no mail when the create is refused', async () => {
    const res = await call('POST', '/api/users', body('refused', { Role: [987654] }));
    expect(res.statusCode).toBe(400);
    await smtp.expectNone('refused@example.org');
  });

  it('ends the sessions of a user deactivated by the deactivate call or by saving them inactive; reactivated, the old session stays ended', async () => {
    for (const how of ['deactivate', 'save'] as const) {
      const name = `leaving-${how}`;
      const UserId = await addUser(t.app, { UserName: name, Password: 'Leaving123' });
      const session = await signIn(t.app, name, 'Leaving123');
      expect((await injectAs(t.app, session, { method: 'GET', url: '/api/users/read-current-user' })).statusCode).toBe(200);
      const current = (await call('GET', `/api/users/${UserId}`)).json();
      const res = how === 'deactivate'
        ? await call('POST', `/api/users/${UserId}/deactivate`)
        : await call('POST', `/api/users/${UserId}`, { ...current, IsActive: false });
      expect(res.statusCode, res.body).toBe(200);
      const ended = await t.app.db('sessions').where({ SessionId: session.sessionId }).first('EndedAt', 'EndReason');
      expect(ended).toMatchObject({ EndReason: 'terminated' });
      expect(ended.EndedAt).not.toBeNull();
      expect((await call('POST', `/api/users/${UserId}`, { ...current, IsActive: true })).statusCode).toBe(200);
      const after = await injectAs(t.app, session, { method: 'GET', url: '/api/users/read-current-user' });
      expect(after.statusCode).toBe(401);
      expect(after.json()[0].ErrorCode).toBe('SessionTerminated');
    }
  });
});
