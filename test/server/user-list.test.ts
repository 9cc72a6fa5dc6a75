import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';

describe.each(databases)('GET /api/users on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const list = (query: string) => injectAs(t.app, admin, { method: 'GET', url: `/api/users?${query}` });

  beforeAll(async () => {
    admin = await signIn(t.app);
    const people = Array.from({ length: 30 }, (_, i) => ({
      UserName: `user${String(i).padStart(2, '0')}`,
      FirstName: i % 2 ? 'Kofi' : 'Ada',
      LastName: `Last${String(29 - i).padStart(2, '0')}`,
      EmailAddress: `user${i}@example.org`,
      IsActive: i !== 7,
    }));
    await t.app.db('users').insert(people);
  });

  it('pages with the declared default sort and a total count of active users', async () => {
    const res = await list('page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.TotalCount).toBe(30); // 29 active sample users + admin
    expect(body.Items).toHaveLength(10);
    expect(body.Items[0]).toMatchObject({ LastName: 'Administrator' });
    // The admin (master) is granted every action of the user list's page, under the own-roles circle 0.
    // The user's own grants (0) and those of the rows' circle: every user here is in the Default one (1).
    expect(body.CircleAccess).toEqual([{ Key: 0, Value: expect.stringMatching(/^\d+(,\d+)*$/) }, { Key: 1, Value: body.CircleAccess[0].Value }]);
    const page3 = (await list('page=3&pageSize=10')).json();
    expect(page3.Items).toHaveLength(10);
    expect(page3.Items.map((u: { UserName: string }) => u.UserName)).not.toContain(body.Items[0].UserName);
  });

  it('sorts by two columns', async () => {
    const body = (await list('pageSize=1000&sorts=FirstName,desc,LastName,asc')).json();
    const names = body.Items.map((u: { FirstName: string; LastName: string }) => `${u.FirstName} ${u.LastName}`);
    expect(names[0]).toBe('System Administrator');
    expect(names[1]).toBe('Kofi Last00');
    expect(names.at(-1)).toBe('Ada Last29');
  });

  it('searches the searchable columns, case-insensitively, with % and _ taken literally', async () => {
    expect((await list('q=KOFI&pageSize=1000')).json().TotalCount).toBe(14); // 15 Kofis, one inactive
    expect((await list('q=user1@&pageSize=1000')).json().Items.map((u: { UserName: string }) => u.UserName)).toEqual(['user01']);
    expect((await list('q=%25&pageSize=1000')).json().TotalCount).toBe(0);
    expect((await list('q=_&pageSize=1000')).json().TotalCount).toBe(0);
  });

  it('leaves inactive users out unless includeInactive', async () => {
    expect((await list('q=user07')).json().TotalCount).toBe(0);
    expect((await list('q=user07&includeInactive=true')).json().Items[0]).toMatchObject({ UserName: 'user07', IsActive: false });
  });

  it('returns only the visible columns asked for (plus the id, and the fields rows are styled and hidden by)', async () => {
    const item = (await list('cols=LastName&pageSize=1')).json().Items[0];
    expect(Object.keys(item).sort()).toEqual(['AtomicCircleId', 'IsActive', 'IsMaster', 'LastName', 'UserId']);
    // Sorted by a column that is not shown: the rows are read with it (for the cursor), and sent without it.
    const sortedByHidden = (await list('cols=LastName&sorts=FirstName,desc&pageSize=2')).json();
    expect(Object.keys(sortedByHidden.Items[0]).sort()).toEqual(['AtomicCircleId', 'IsActive', 'IsMaster', 'LastName', 'UserId']);
    expect(sortedByHidden.Cursors.Last).toBeTruthy();
  });

  it('refuses sorting by an undeclared or unsortable column, and an unknown column', async () => {
    const unsortable = await list('sorts=UserName,asc');
    expect(unsortable.statusCode).toBe(400);
    expect(unsortable.json()[0]).toMatchObject({ PropertyName: 'sorts', ErrorMessage: 'UserName is not a sortable column.' });
    expect((await list('sorts=PasswordHash,asc')).statusCode).toBe(400);
    expect((await list('cols=PasswordHash')).json()[0].ErrorMessage).toBe('PasswordHash is not a column of this list.');
  });

  it('refuses a user without the RegisterUser module', async () => {
    const { hashPassword } = await import('../../server/lib/password.ts');
    await t.app.db('users').insert({ UserName: 'plain', FirstName: 'P', LastName: 'L', EmailAddress: 'p@example.org', PasswordHash: await hashPassword('Plain1234'), MustChangePassword: false });
    const plain = await signIn(t.app, 'plain', 'Plain1234');
    const res = await injectAs(t.app, plain, { method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(403);
    expect(res.json()[0].ErrorMessage).toBe("You don't have permission to this page.");
    const routes = (await injectAs(t.app, plain, { method: 'GET', url: '/api/App/GetRoutes' })).json();
    // session.list and the password-change request need their modules; Your Account is every signed-in user's.
    expect(routes.map((r: { Name: string }) => r.Name)).toEqual(['home', 'youraccount.single']);
  });

  it('rejects a bad query with the error item shape', async () => {
    const res = await list('page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()[0]).toMatchObject({ PropertyName: 'page', ErrorCode: 'minimum' });
  });
});
