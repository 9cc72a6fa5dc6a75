import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { duplicateUserName, masterIsReadOnly } from '../../server/modules/users/routes.ts';

const newUser = {
  FirstName: 'Ada', LastName: 'Lovelace', EmailAddress: 'ada@example.org', ConfirmEmailAddress: 'ada@example.org',
  UserName: 'ada@example.org', Password: 'Engine1843', ConfirmPassword: 'Engine1843',
};

describe.each(databases)('user records through the generic form calls on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectAs(t.app, admin, { method, url, payload });
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('creates a user who can then sign in, stamped with who created it, and never returns the password', async () => {
    const res = await call('POST', '/api/users', newUser);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ UserName: 'ada@example.org', IsActive: true, MustChangePassword: true, CreatedBy: 'admin' });
    expect(created).not.toHaveProperty('Password');
    expect(created).not.toHaveProperty('PasswordHash');
    expect((await signIn(t.app, 'ada@example.org', 'Engine1843')).token).toBeTruthy();
    const read = (await call('GET', `/api/users/${created.UserId}`)).json();
    expect(read.CreatedDate).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('checks a create with the form rules and the specification messages, saving nothing', async () => {
    const before = (await call('GET', '/api/users?pageSize=0&includeInactive=true')).json().TotalCount;
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
    expect((await call('GET', '/api/users?pageSize=0&includeInactive=true')).json().TotalCount).toBe(before);
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
