import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule, signInBody } from './account-fixtures.ts';
import { nodeId } from './access-fixtures.ts';
import { activationAdminMessages } from '../../server/modules/users/activation-admin-routes.ts';
import { masterIsReadOnly } from '../../server/modules/users/routes.ts';
import { keyMessages } from '../../server/modules/accounts/stale-key.ts';
import { messages as accessMessages } from '../../server/plugins/access.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';

const activate = (id: number) => ({ method: 'POST' as const, url: `/api/users/${id}/activate` });
const resend = (id: number) => ({ method: 'POST' as const, url: `/api/users/${id}/resend-activation` });

describe.each(databases)("the user update screen's Activate, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('lets an unverified account with a password sign in at once, kills its pending link, and is in its History', async () => {
    const userId = await addUser(t.app, { UserName: 'pending', Password: 'Pending-2024', IsVerified: false });
    const refused = await t.app.inject(signInBody('pending', 'Pending-2024'));
    expect(refused.json()[0].ErrorCode).toBe('VerificationRequired');
    const before = await injectAs(t.app, admin, resend(userId));
    expect(before.statusCode, before.body).toBe(200);
    const { TextBody } = await t.app.db('outbox').where({ UserId: userId }).orderBy('OutboxId', 'desc').first('TextBody');
    const token = decodeURIComponent(/\/user\/activate\/activation\/(\S+)/.exec(TextBody)![1]);

    const res = await injectAs(t.app, admin, activate(userId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Message: activationAdminMessages.activated('pending'), UserName: 'pending' });
    expect((await t.app.inject(signInBody('pending', 'Pending-2024'))).statusCode).toBe(200);
    const read = (await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${userId}` })).json();
    expect(read).toMatchObject({ IsVerified: true, ModifiedBy: 'admin' });
    expect(read.ActivationDate).toBeTruthy();
    const link = await t.app.inject({ method: 'PUT', url: '/api/User/Activate', payload: { ActivationReason: 'activation', ActivationToken: token } });
    expect(link.json()[0].ErrorMessage).toBe(keyMessages.expired);
    const [entry] = (await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${userId}/history` })).json();
    expect(entry).toMatchObject({ Action: 'update', ChangedBy: 'admin' });
    expect(entry.Changes).toContainEqual({ Field: 'IsVerified', Old: false, New: true });
    expect(entry.Changes.map((c: { Field: string }) => c.Field)).toContain('ActivationDate');
  });

  it('refuses an account already activated, one without a password, the master user and an unknown user', async () => {
    const verified = await addUser(t.app, { UserName: 'verified', Password: 'Verified-2024' });
    const noPassword = await addUser(t.app, { UserName: 'nopass', IsVerified: false });
    const master = (await t.app.db('users').where({ IsMaster: true }).first('UserId')).UserId as number;
    await t.app.db('users').where({ UserId: master }).update({ IsVerified: false });
    try {
      const cases: Array<[number, number, string]> = [
        [verified, 409, activationAdminMessages.alreadyActivated],
        [noPassword, 409, activationAdminMessages.noPassword('nopass')],
        [master, 403, masterIsReadOnly],
        [999999, 404, activationAdminMessages.gone],
      ];
      for (const [id, status, message] of cases) {
        const res = await injectAs(t.app, admin, activate(id));
        expect(res.statusCode, message).toBe(status);
        expect(res.json()[0].ErrorMessage).toBe(message);
      }
      expect((await t.app.db('users').where({ UserId: noPassword }).first('IsVerified')).IsVerified).toBe(false);
    } finally {
      await t.app.db('users').where({ UserId: master }).update({ IsVerified: true });
    }
  });

  it('needs the update route, and reaches only the users the caller may reach (others answer as none)', async () => {
    const password = 'Clerk-20245';
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    await addUser(t.app, { UserName: 'clerk', Password: password, RoleIds: [clerks] });
    const clerk = await signIn(t.app, 'clerk', password);
    const notTheirs = await addUser(t.app, { UserName: 'stranger', Password: 'Stranger-2024', IsVerified: false });
    const hidden = await injectAs(t.app, clerk, activate(notTheirs));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()[0].ErrorMessage).toBe(activationAdminMessages.gone);
    expect((await injectAs(t.app, clerk, resend(notTheirs))).statusCode).toBe(404);

    const theirs = await addUser(t.app, { UserName: 'theirs', Password: 'Theirs-20245', IsVerified: false });
    await t.app.db('users').where({ UserId: theirs }).update({ CreatedById: (await t.app.db('users').where({ UserName: 'clerk' }).first('UserId')).UserId });
    const updateNode = await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.update' });
    await t.app.db('role_permissions').where({ RoleId: clerks, NodeId: updateNode }).delete();
    const noUpdate = await injectAs(t.app, clerk, activate(theirs));
    expect(noUpdate.statusCode).toBe(403);
    expect(noUpdate.json()[0].ErrorMessage).toBe(accessMessages.noAccess);
    await t.app.db('role_permissions').insert({ RoleId: clerks, NodeId: updateNode, HasAccess: true });
    expect((await injectAs(t.app, clerk, activate(theirs))).statusCode).toBe(200);
    expect((await t.app.db('users').where({ UserId: notTheirs }).first('IsVerified')).IsVerified).toBe(false);
  });
});

describe.each(databases)("the user update screen's resend of the activation e-mail, on %s", (kind) => {
  const t = useTestApp(kind, { publicUrl: 'https://resend.example.com', mailRequestsPerAddress: 3 });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('puts a fresh link in the outbox (an older one stops working), and says the mail is waiting there', async () => {
    const userId = await addUser(t.app, { UserName: 'nolink', EmailAddress: 'nolink@example.org', IsVerified: false });
    const first = await injectAs(t.app, admin, resend(userId));
    const second = await injectAs(t.app, admin, resend(userId));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().Message).toBe(activationAdminMessages.inOutbox('nolink@example.org'));
    expect(first.statusCode).toBe(200);
    const mails = await t.app.db('outbox').where({ UserId: userId }).orderBy('OutboxId');
    expect(mails.map((m) => [m.Subject, m.Status])).toEqual([['Activate your account', 'Not sent'], ['Activate your account', 'Not sent']]);
    const tokenOf = (text: string) => decodeURIComponent(/\/user\/activateupdatepassword\/activationupdatepassword\/(\S+)/.exec(text)![1]);
    const create = (Token: string) => t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword', payload: { Token, Password: 'Created-2024', ConfirmPassword: 'Created-2024' },
    });
    expect((await create(tokenOf(mails[0].TextBody))).json()[0].ErrorMessage).toBe(keyMessages.expired);
    expect((await create(tokenOf(mails[1].TextBody))).statusCode).toBe(200);
  });

  it('refuses an activated or inactive account, and too many e-mails to one account (429), mailing nothing', async () => {
    const done = await addUser(t.app, { UserName: 'done', Password: 'Done-20245' });
    const gone = await addUser(t.app, { UserName: 'gone', Password: 'Gone-20245', IsVerified: false, IsActive: false });
    const busy = await addUser(t.app, { UserName: 'busy', Password: 'Busy-20245', IsVerified: false });
    expect((await injectAs(t.app, admin, resend(done))).json()[0].ErrorMessage).toBe(activationAdminMessages.alreadyActivated);
    const inactive = await injectAs(t.app, admin, resend(gone));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()[0].ErrorMessage).toBe(activationAdminMessages.inactive('gone'));
    for (let i = 0; i < 3; i++) expect((await injectAs(t.app, admin, resend(busy))).statusCode).toBe(200);
    const tooMany = await injectAs(t.app, admin, resend(busy));
    expect(tooMany.statusCode).toBe(429);
    expect(await t.app.db('outbox').whereIn('UserId', [done, gone]).first()).toBeUndefined();
    expect(Number((await t.app.db('outbox').where({ UserId: busy }).count({ N: '*' }).first())!.N)).toBe(3);
  });
});

describe.each(databases)('the resend over SMTP, on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, publicUrl: 'https://smtp.example.com' });

  it('sends the link by mail and says so', async () => {
    const admin = await signIn(t.app);
    const userId = await addUser(t.app, { UserName: 'mailed', EmailAddress: 'mailed@example.org', Password: 'Mailed-2024', IsVerified: false });
    const res = await injectAs(t.app, admin, resend(userId));
    expect(res.json().Message).toBe(activationAdminMessages.sent('mailed@example.org'));
    linkIn(await smtp.take('mailed@example.org'), '/user/activate/activation/');
  });
});
