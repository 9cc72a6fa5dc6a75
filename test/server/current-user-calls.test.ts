import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { addUser, addRole, grantModule, signInBody } from './account-fixtures.ts';
import { withUniqueUserName } from '../../server/modules/users/user-names.ts';

describe.each(databases)("the current user's own calls (My Account) on %s", (kind) => {
  const t = useTestApp(kind, { signInFailuresPerAccount: 3 });

  async function user(userName: string, password = 'Passw0rd1') {
    const userId = await addUser(t.app, { UserName: userName, Password: password });
    const who = await signIn(t.app, userName, password);
    return {
      userId,
      get: (url: string) => injectAs(t.app, who, { method: 'GET', url }),
      post: (url: string, payload: object) => injectAs(t.app, who, { method: 'POST', url, payload }),
    };
  }

  it('reads the current user with a PilotId that is null unless the database gives one', async () => {
    const { userId, get } = await user('amos');
    expect((await get('/api/users/read-current-user')).json()).toEqual({
      UserId: userId, UserName: 'amos', FirstName: 'Firstamos', LastName: 'Lastamos', EmailAddress: 'amos@example.org', IsMaster: false, PilotId: null,
    });
    await t.app.db('users').where({ UserId: userId }).update({ PilotId: 42 });
    expect((await get('/api/users/read-current-user')).json().PilotId).toBe(42);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/read-current-user' })).statusCode).toBe(401);
  });

  it('changes the own user name, which then signs in, and refuses a UserId of someone else', async () => {
    const { userId, post } = await user('bela');
    const other = await addUser(t.app, { UserName: 'bystander' });
    const refused = await post('/api/users/update-user-name', { UserId: other, UserName: 'hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe("You don't have permission to this page.");
    expect(await t.app.db('users').where({ UserId: other }).first('UserName')).toEqual({ UserName: 'bystander' });
    const res = await post('/api/users/update-user-name', { UserId: userId, UserName: ' bela.new ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Message: 'Your user name has been successfully changed.', UserName: 'bela.new' });
    expect((await t.app.inject(signInBody('bela.new', 'Passw0rd1'))).statusCode).toBe(200);
  });

  it("refuses a user name another account has, whatever its case: 'An account with this user name already exists in the system.'", async () => {
    await addUser(t.app, { UserName: 'Cara.Taken' });
    const { post } = await user('cara');
    const res = await post('/api/users/update-user-name', { UserName: 'cara.taken' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: 'An account with this user name already exists in the system.', ErrorCode: 'Unique' }]);
    const blank = await post('/api/users/update-user-name', { UserName: '   ' });
    expect(blank.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: 'User Name is required.', ErrorCode: 'required' }]);
    expect(await t.app.db('users').where({ UserName: 'cara' }).first('UserName')).toEqual({ UserName: 'cara' });
  });

  it('gives the same 409 when only the unique index catches the clash (two users taking one name at once)', async () => {
    await addUser(t.app, { UserName: 'race.name' });
    const loserId = await addUser(t.app, { UserName: 'racer' });
    const write = withUniqueUserName(() => t.app.db('users').where({ UserId: loserId }).update({ UserName: 'RACE.NAME' }));
    await expect(write).rejects.toMatchObject({ statusCode: 409, items: [{ PropertyName: 'UserName', ErrorMessage: 'An account with this user name already exists in the system.', ErrorCode: 'Unique' }] });
    const { post } = await user('racer2');
    const [a, b] = await Promise.all([
      post('/api/users/update-user-name', { UserName: 'photo.finish' }),
      (await user('racer3')).post('/api/users/update-user-name', { UserName: 'photo.finish' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('answers true or false for the uniqueness of a user name and an e-mail address, the own ones not clashing', async () => {
    const { userId, get } = await user('dina');
    await addUser(t.app, { UserName: 'dina.other', EmailAddress: 'shared@example.org' });
    const ask = async (url: string) => (await get(url)).json();
    expect(await ask('/api/users/is-unique-user-name?userName=DINA.OTHER')).toBe(false);
    expect(await ask('/api/users/is-unique-user-name?userName=nobody.has.this')).toBe(true);
    expect(await ask(`/api/users/is-unique-user-name?userName=dina&userId=${userId}`)).toBe(true);
    expect(await ask('/api/users/is-unique-user-name?userName=dina')).toBe(false);
    expect(await ask('/api/users/is-unique-email-address?emailAddress=Shared@Example.org')).toBe(false);
    expect(await ask(`/api/users/is-unique-email-address?emailAddress=dina@example.org&userId=${userId}`)).toBe(true);
    expect(await ask('/api/users/is-unique-email-address?emailAddress=free@example.org')).toBe(true);
  });

  it("answers is-valid-user for the own e-mail address and password only, counting wrong answers with failed sign-ins", async () => {
    await addUser(t.app, { UserName: 'elsa.other', Password: 'OtherPass1' });
    const { get } = await user('elsa', 'ElsaPass1');
    const valid = async (email: string, password: string) => (await get(`/api/users/is-valid-user?EmailAddress=${encodeURIComponent(email)}&Password=${encodeURIComponent(password)}`));
    expect((await valid('ELSA@example.org', 'ElsaPass1')).json()).toBe(true);
    expect((await valid('elsa.other@example.org', 'OtherPass1')).json()).toBe(false);
    expect((await valid('elsa@example.org', 'Wrong1234')).json()).toBe(false);
    expect((await valid('elsa@example.org', 'Wrong1234')).json()).toBe(false);
    const limited = await valid('elsa@example.org', 'Wrong1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()[0].ErrorMessage).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minute\(s\)\.$/);
  });

  it('offers /user/myaccount (My Account) to holders of the MyAccount module only, and /youraccount to everyone', async () => {
    const roleId = await addRole(t.app, 'Account holders');
    await grantModule(t.app, roleId, 'MyAccount');
    await addUser(t.app, { UserName: 'fynn', Password: 'FynnPass1', RoleIds: [roleId] });
    const routesOf = async (name: string, password: string) => {
      const who = await signIn(t.app, name, password);
      return ((await injectAs(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' })).json() as Array<{ Url: string; Title: string }>);
    };
    const holder = await routesOf('fynn', 'FynnPass1');
    expect(holder).toContainEqual(expect.objectContaining({ Url: '/user/myaccount', Title: 'My Account' }));
    expect(holder).toContainEqual(expect.objectContaining({ Url: '/youraccount' }));
    await user('gus');
    const plain = await routesOf('gus', 'Passw0rd1');
    expect(plain.map((r) => r.Url)).not.toContain('/user/myaccount');
    expect(plain.map((r) => r.Url)).toContain('/youraccount');
  });
});

describe.each(databases)('is-valid-user keeps the password it is sent out of the logs on %s', (kind) => {
  const lines: string[] = [];
  const t = useTestApp(kind, {}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });

  it('logs no request line or query with the password in it', async () => {
    await addUser(t.app, { UserName: 'hugo', Password: 'HugoPass1' });
    const who = await signIn(t.app, 'hugo', 'HugoPass1');
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/users/is-valid-user?EmailAddress=hugo%40example.org&Password=LoggedNever9' });
    expect(res.json()).toBe(false);
    expect(lines.length).toBeGreaterThan(0); // the log is on: other requests were logged
    expect(lines.filter((l) => l.includes('LoggedNever9'))).toEqual([]);
  });
});
