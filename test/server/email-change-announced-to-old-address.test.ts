import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { useSmtpCatcher } from './smtp-catcher.ts';
import { addRole, addUser, grantModule, signInBody } from './account-fixtures.ts';
import { maskedAddress } from '../../server/modules/accounts/account-mail.ts';

/**
 * A change of an account's e-mail address is announced to the old address: the owner hears of it (the new address
 * partly masked, who, when, and what to do) even when someone else made it, so a takeover cannot go unnoticed.
 */
describe.each(databases)("a changed e-mail address is announced to the old one, on %s", (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://admin.example.com' });
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  /** An administrator's save of a user's record with some fields changed, as the user form sends it. */
  async function saveUser(who: SignedIn, userId: number, change: Record<string, unknown>) {
    const url = `/api/users/${userId}`;
    const { Role: _r, Permissions: _p, ...record } = (await injectAs(t.app, who, { method: 'GET', url })).json();
    // The form confirms a changed address (spec 1: Confirm Email Address must equal it).
    const confirmed = typeof change.EmailAddress === 'string' ? { ConfirmEmailAddress: change.EmailAddress } : {};
    return injectLocked(t.app, who, { method: 'POST', url, payload: { ...record, ...confirmed, ...change } });
  }

  it("mails the old address when an administrator changes a user's address: masked new address, who, when, what to do", async () => {
    const id = await addUser(t.app, { UserName: 'olga', EmailAddress: 'olga@example.org', Password: 'Olga123456' });
    const before = Date.now();
    const saved = await saveUser(admin, id, { EmailAddress: 'mallory@evil.example.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    const mail = await smtp.take('olga@example.org');
    expect(mail.subject).toBe('The e-mail address of your account was changed');
    expect(maskedAddress('mallory@evil.example.com')).toBe('m***y@e***l.example.com');
    expect(mail.text).toContain('The e-mail address of the account olga was changed from this address to m***y@e***l.example.com by the user admin on ');
    expect(mail.text).not.toContain('mallory@evil');
    const when = /on (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(mail.text)![1];
    expect(Math.abs(Date.parse(`${when.replace(' ', 'T')}:00Z`) - before)).toBeLessThan(120_000);
    expect(mail.text).toContain('If you did not make or ask for this change, contact your administrator at once');
    await smtp.expectNone('mallory@evil.example.com');
  });

  it('mails the old address when the owners change it themselves in Your Account', async () => {
    await addUser(t.app, { UserName: 'petra', EmailAddress: 'petra@example.org', Password: 'Petra12345' });
    const petra = await signIn(t.app, 'petra', 'Petra12345');
    const account = (await injectAs(t.app, petra, { method: 'GET', url: '/api/youraccount' })).json();
    const saved = await injectLocked(t.app, petra, { method: 'POST', url: '/api/youraccount', payload: { ...account, EmailAddress: 'petra.new@example.net' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const mail = await smtp.take('petra@example.org');
    expect(mail.text).toContain('to p***w@e***e.net by you (signed in as petra) on ');
  });

  it('mails nothing when the save is refused, keeps no address, or only changes its case', async () => {
    const managers = await addRole(t.app, 'Managers');
    await grantModule(t.app, managers, 'RegisterUser', true);
    await addUser(t.app, { UserName: 'mgr', Password: 'Manager123', RoleIds: [managers] });
    const target = await addUser(t.app, { UserName: 'boss', EmailAddress: 'boss@example.org', Password: 'Boss123456', RoleIds: [1] });
    const refused = await saveUser(await signIn(t.app, 'mgr', 'Manager123'), target, { EmailAddress: 'mgr.inbox@example.org' });
    expect(refused.statusCode).toBe(403);
    expect((await saveUser(admin, target, { FirstName: 'Bossy' })).statusCode).toBe(200);
    expect((await saveUser(admin, target, { EmailAddress: 'BOSS@example.org' })).statusCode).toBe(200);
    await smtp.expectNone('boss@example.org');
    await smtp.expectNone('mgr.inbox@example.org');
  });

  it("sets a password an administrator gives on update: the user's sessions and password links end, and they choose their own at sign-in", async () => {
    const id = await addUser(t.app, { UserName: 'quinn', Password: 'Quinn12345' });
    const quinn = await signIn(t.app, 'quinn', 'Quinn12345');
    const saved = await saveUser(admin, id, { Password: 'Given12345', ConfirmPassword: 'Given12345' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().PasswordLastChangedDate).toBeTruthy();
    expect((await injectAs(t.app, quinn, { method: 'GET', url: '/api/users/read-current-user' })).statusCode).toBe(401);
    expect((await t.app.inject(signInBody('quinn', 'Quinn12345'))).statusCode).toBe(400);
    const signedIn = await t.app.inject(signInBody('quinn', 'Given12345'));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ MustChangePassword: true });
  });
});
