import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { useSmtpCatcher, linkIn } from './smtp-catcher.ts';
import { addUser, addRole, grantModule, signInBody } from './account-fixtures.ts';

const changed = 'Your password has been successfully changed.';

describe.each(databases)("the current user's password change on %s", (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; }, mailRequestsPerAddress: 1000 });

  it("mails the signed-in user a change link and answers the text 'true'", async () => {
    const roleId = await addRole(t.app, 'Resetters');
    await grantModule(t.app, roleId, 'RequestPasswordReset');
    await addUser(t.app, { UserName: 'carla', Password: 'CarlaPass1', RoleIds: [roleId] });
    const carla = await signIn(t.app, 'carla', 'CarlaPass1');
    const res = await injectAs(t.app, carla, { method: 'GET', url: '/api/users/request-update-password-for-current-user' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('true');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);

    const token = decodeURIComponent(linkIn(await smtp.take('carla@example.org'), '/user/changepassword/').pathname.split('/').pop()!);
    const done = await t.app.inject({ method: 'POST', url: '/api/User/ResetForgottenPassword', payload: { Token: token, Password: 'CarlaNew22', ConfirmPassword: 'CarlaNew22' } });
    expect(done.json()).toEqual({ Message: changed, UserName: 'carla' });
    expect((await t.app.inject(signInBody('carla', 'CarlaNew22'))).statusCode).toBe(200);
  });

  it('refuses the request to a user without the RequestPasswordReset module, and without a session', async () => {
    await addUser(t.app, { UserName: 'nomodule', Password: 'NoModule12' });
    const who = await signIn(t.app, 'nomodule', 'NoModule12');
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/users/request-update-password-for-current-user' });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/request-update-password-for-current-user' })).statusCode).toBe(401);
    await smtp.expectNone('nomodule@example.org');
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    await addUser(t.app, { UserName: 'dora', Password: 'DoraPass12' });
    const other = await signIn(t.app, 'dora', 'DoraPass12');
    const payload = { CurrentPassword: 'DoraPass12', NewPassword: 'DoraNew345', ConfirmPassword: 'DoraNew345' };
    // The other session was replaced by this one in SINGLE mode; mark it live again to see the change end it.
    const dora = await signIn(t.app, 'dora', 'DoraPass12');
    await t.app.db('sessions').where({ SessionId: other.sessionId }).update({ EndedAt: null, EndReason: null });
    const res = await injectAs(t.app, dora, { method: 'POST', url: '/api/users/update-password', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: changed });
    expect((await injectAs(t.app, dora, { method: 'GET', url: '/api/App/GetRoutes' })).statusCode).toBe(200);
    const ended = await injectAs(t.app, other, { method: 'GET', url: '/api/App/GetRoutes' });
    expect(ended.json()[0].ErrorCode).toBe('SessionPasswordChanged');
    expect((await t.app.inject(signInBody('dora', 'DoraNew345'))).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a mismatched confirmation, a weak password and another user id', async () => {
    const userId = await addUser(t.app, { UserName: 'eve', Password: 'EvePass123' });
    const eve = await signIn(t.app, 'eve', 'EvePass123');
    const post = (payload: Record<string, unknown>) => injectAs(t.app, eve, { method: 'POST', url: '/api/users/update-password', payload });
    expect((await post({ CurrentPassword: 'Wrong1234', NewPassword: 'EveNew1234', ConfirmPassword: 'EveNew1234' })).json()).toEqual([
      { PropertyName: 'CurrentPassword', ErrorMessage: 'The Current Password you entered is incorrect.', ErrorCode: 'CurrentPasswordIncorrect' },
    ]);
    expect((await post({ CurrentPassword: 'EvePass123', NewPassword: 'EveNew1234', ConfirmPassword: 'EveNew9999' })).json()).toEqual([
      { PropertyName: 'ConfirmPassword', ErrorMessage: 'Must equal New Password.', ErrorCode: 'linkTo' },
    ]);
    const weak = await post({ CurrentPassword: 'EvePass123', NewPassword: 'lettersonly', ConfirmPassword: 'lettersonly' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()[0].PropertyName).toBe('NewPassword');
    const other = await post({ UserId: userId + 1000, CurrentPassword: 'EvePass123', NewPassword: 'EveNew1234', ConfirmPassword: 'EveNew1234' });
    expect(other.statusCode).toBe(403);
    expect((await post({ UserId: userId, CurrentPassword: 'EvePass123', NewPassword: 'EveNew1234', ConfirmPassword: 'EveNew1234' })).statusCode).toBe(200);
  });
});
