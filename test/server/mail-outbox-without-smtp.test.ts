import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { addUser, pause } from './account-fixtures.ts';
import { mailFailed } from '../../server/lib/mailer.ts';

describe.each(databases)('mail without SMTP_URL goes to the outbox on %s', (kind) => {
  const t = useTestApp(kind, { publicUrl: 'https://outbox.example.com' });

  /** Mail leaves after the response; wait for it to land. */
  async function outboxMailTo(to: string) {
    for (let i = 0; i < 50; i++) {
      const row = await t.app.db('outbox').where({ ToAddress: to }).orderBy('OutboxId', 'desc').first();
      if (row) return row;
      await pause(50);
    }
    throw new Error(`no outbox mail to ${to}`);
  }

  it('keeps the mail for administrators, who read it and can follow its link', async () => {
    expect(t.app.mailer.mode).toBe('outbox');
    await addUser(t.app, { UserName: 'olga', Password: 'OlgaPass12' });
    await t.app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=olga' });
    const { OutboxId } = await outboxMailTo('olga@example.org');

    const admin = await signIn(t.app);
    const list = await injectAs(t.app, admin, { method: 'GET', url: '/api/outbox?q=olga' });
    expect(list.statusCode).toBe(200);
    expect(list.json().TotalCount).toBe(1);
    expect(list.json().Items[0]).toMatchObject({ OutboxId, ToAddress: 'olga@example.org', Subject: 'Change your password' });
    expect(list.json().Items[0].TextBody).toBeUndefined();

    const read = await injectAs(t.app, admin, { method: 'GET', url: `/api/outbox/${OutboxId}` });
    expect(read.statusCode).toBe(200);
    const link = /https:\/\/outbox\.example\.com\/user\/changepassword\/(\S+)/.exec(read.json().TextBody);
    expect(link).not.toBeNull();
    expect(read.json().HtmlBody).toContain('<a href=');
    const done = await t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword',
      payload: { Token: decodeURIComponent(link![1]), Password: 'OlgaNew123', ConfirmPassword: 'OlgaNew123' },
    });
    expect(done.statusCode).toBe(200);
  });

  it('answers 404 for an unknown mail and 403 to users without the MailOutbox module', async () => {
    const admin = await signIn(t.app);
    const missing = await injectAs(t.app, admin, { method: 'GET', url: '/api/outbox/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()[0].ErrorMessage).toBe('There is no mail with this id in the outbox.');
    await addUser(t.app, { UserName: 'nosy', Password: 'NosyPass12' });
    const nosy = await signIn(t.app, 'nosy', 'NosyPass12');
    expect((await injectAs(t.app, nosy, { method: 'GET', url: '/api/outbox' })).statusCode).toBe(403);
    expect((await injectAs(t.app, nosy, { method: 'GET', url: '/api/outbox/1' })).statusCode).toBe(403);
  });
});

describe.each(databases)('an SMTP server that cannot be reached on %s', (kind) => {
  // Port 9 (discard) on loopback: nothing listens there.
  const t = useTestApp(kind, { smtpUrl: 'smtp://127.0.0.1:9' });

  it('answers 503 with a clear message when the mail the user waits for cannot be sent', async () => {
    const admin = await signIn(t.app);
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/users/request-update-password-for-current-user' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: mailFailed, ErrorCode: 'MailFailed' }]);
  });
});
