import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { nodeId } from './access-fixtures.ts';
import { withheldMessages } from '../../server/modules/mail-outbox/readable-mail.ts';
import { useSmtpCatcher } from './smtp-catcher.ts';

interface MenuNode { LinkText: string; URL: string | null; Children: MenuNode[] }

describe.each(databases)('the Mail Outbox screen without SMTP, on %s', (kind) => {
  const t = useTestApp(kind, { publicUrl: 'https://mail.example.com' });
  const password = 'Helpdesk-2024';
  let admin: SignedIn;
  let helpdesk: SignedIn;
  const get = (who: SignedIn, url: string) => injectAs(t.app, who, { method: 'GET', url });
  /** Asks for a password link for the user, and answers the id of the mail it leaves in the outbox. */
  async function passwordMailOf(userName: string): Promise<number> {
    await t.app.inject({ method: 'GET', url: `/api/User/RequestForgottenPasswordByUserName?userName=${userName}` });
    await t.app.mailer.settled();
    const { UserId } = await t.app.db('users').where({ UserName: userName }).first('UserId');
    return (await t.app.db('outbox').where({ UserId }).orderBy('OutboxId', 'desc').first('OutboxId')).OutboxId as number;
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    // Help desk staff who may read the outbox, and nothing else.
    const role = await addRole(t.app, 'Help Desk');
    await grantModule(t.app, role, 'MailOutbox');
    await addUser(t.app, { UserName: 'helpdesk', Password: password, RoleIds: [role] });
    helpdesk = await signIn(t.app, 'helpdesk', password);
  });

  it('lists To, Subject, Status, Created and Sent, newest first, searchable, without bodies (nor in the export)', async () => {
    await addUser(t.app, { UserName: 'anna', Password: 'Anna-20245' });
    await addUser(t.app, { UserName: 'bert', Password: 'Bert-20245' });
    await passwordMailOf('anna');
    await passwordMailOf('bert');
    const list = (await get(admin, '/api/outbox?pageSize=10')).json();
    expect(list.Items.slice(0, 2).map((m: { ToAddress: string }) => m.ToAddress)).toEqual(['bert@example.org', 'anna@example.org']);
    expect(Object.keys(list.Items[0]).sort()).toEqual(['CreatedDate', 'OutboxId', 'SentDate', 'Status', 'Subject', 'ToAddress']);
    expect(list.Items[0]).toMatchObject({ Subject: 'Change your password', Status: 'Not sent', SentDate: null });
    const searched = (await get(admin, '/api/outbox?q=anna')).json();
    expect(searched.Items.map((m: { ToAddress: string }) => m.ToAddress)).toEqual(['anna@example.org']);
    const csv = await get(admin, '/api/outbox/export.csv?q=anna');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('anna@example.org');
    expect(csv.body).not.toContain('/user/changepassword/');
  });

  it("shows a mail's bodies with their link to a reader who holds all the account holds; withholds them from one who does not", async () => {
    await addUser(t.app, { UserName: 'plain', Password: 'Plain-20245' });
    const toPlain = await passwordMailOf('plain');
    const toAdmin = await passwordMailOf('admin');

    // The help desk holds all that a user without roles holds: it may read (and follow) that link.
    const plain = (await get(helpdesk, `/api/outbox/${toPlain}`)).json();
    expect(plain).toMatchObject({ ToAddress: 'plain@example.org', Status: 'Not sent', BodyWithheld: null });
    expect(plain.TextBody).toMatch(/https:\/\/mail\.example\.com\/user\/changepassword\/\S+/);
    expect(plain.HtmlBody).toContain('<a href="https://mail.example.com/user/changepassword/');
    expect(plain).not.toHaveProperty('UserId');

    // Not the master administrator's: that link would make the help desk the administrator.
    const master = (await get(helpdesk, `/api/outbox/${toAdmin}`)).json();
    expect(master).toMatchObject({ Subject: 'Change your password', TextBody: '', HtmlBody: null, BodyWithheld: withheldMessages.notYours });
    expect((await get(admin, `/api/outbox/${toAdmin}`)).json()).toMatchObject({ BodyWithheld: null, TextBody: expect.stringContaining('/user/changepassword/') });
  });

  it('masks a field the reader may not see, in the list and the read', async () => {
    const role = await addRole(t.app, 'Outbox without subjects');
    await grantModule(t.app, role, 'MailOutbox');
    await t.app.db('role_permissions').where({ RoleId: role, NodeId: await nodeId(t.app, 'MailOutbox', { type: 'field', name: 'Subject' }) }).delete();
    await addUser(t.app, { UserName: 'nosubject', Password: password, RoleIds: [role] });
    const who = await signIn(t.app, 'nosubject', password);
    const list = (await get(who, '/api/outbox')).json();
    expect(list.Items.length).toBeGreaterThan(0);
    expect(list.Items[0]).not.toHaveProperty('Subject');
    expect((await get(who, `/api/outbox/${list.Items[0].OutboxId as number}`)).json()).not.toHaveProperty('Subject');
  });

  it('is in the seeded menu beside Concurrent Sessions, and its routes are offered only to holders of MailOutbox', async () => {
    const top: MenuNode[] = (await get(admin, '/api/menu/all')).json();
    // In the administration group (migration 124), with the other screens that administer the application.
    const menu = top.find((n) => n.LinkText === 'Administration')!.Children;
    const names = menu.map((n) => n.LinkText);
    expect(names.indexOf('Mail Outbox')).toBe(names.indexOf('Concurrent Sessions') + 1);
    expect(menu.find((n) => n.LinkText === 'Mail Outbox')!.URL).toBe('/mailoutbox');
    const routes = (r: SignedIn) => get(r, '/api/App/GetRoutes').then((res) => res.json().map((e: { Name: string }) => e.Name));
    expect(await routes(helpdesk)).toEqual(expect.arrayContaining(['mailoutbox.list', 'mailoutbox.read']));
    await addUser(t.app, { UserName: 'outsider', Password: password });
    const outsider = await signIn(t.app, 'outsider', password);
    expect(await routes(outsider)).not.toContain('mailoutbox.list');
    expect((await get(outsider, '/api/metadata/screens/mailoutbox')).statusCode).toBe(403);
  });
});

describe.each(databases)('the Mail Outbox with SMTP, on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; } });

  it('records a sent mail by its headers and the time it went, keeping no body', async () => {
    const admin = await signIn(t.app);
    await addUser(t.app, { UserName: 'sent', Password: 'Sent-202455' });
    await t.app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=sent' });
    expect((await smtp.take('sent@example.org')).text).toContain('/user/changepassword/');
    await t.app.mailer.settled();
    const row = await t.app.db('outbox').where({ ToAddress: 'sent@example.org' }).first();
    expect(row).toMatchObject({ Status: 'Sent', TextBody: '', HtmlBody: null, FailureReason: null });
    expect(row.SentDate).toBeInstanceOf(Date);
    const read = (await injectAs(t.app, admin, { method: 'GET', url: `/api/outbox/${row.OutboxId as number}` })).json();
    expect(read).toMatchObject({ Status: 'Sent', TextBody: '', BodyWithheld: withheldMessages.notKept });
  });
});

describe.each(databases)('the Mail Outbox with an SMTP server that refuses, on %s', (kind) => {
  // Port 9 (discard) on loopback: nothing listens there.
  const t = useTestApp(kind, { smtpUrl: 'smtp://127.0.0.1:9' });

  it('records the failure and why, with no sent time', async () => {
    const admin = await signIn(t.app);
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/api/users/request-update-password-for-current-user' })).statusCode).toBe(503);
    const row = await t.app.db('outbox').where({ ToAddress: 'admin@example.org' }).first();
    expect(row).toMatchObject({ Status: 'Failed', SentDate: null, TextBody: '' });
    expect(row.FailureReason).toMatch(/ECONNREFUSED|connect/i);
  });
});
