import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';

describe.each(databases)("the active users' e-mail addresses for 'Email Active Users' on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let seniorClerk: SignedIn;
  const emails = async (who: SignedIn) => {
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/users/active-emails' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    const seniors = await addRole(t.app, 'Senior Clerks');
    await grantModule(t.app, seniors, 'RegisterUser', true);
    const clerkId = await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    await addUser(t.app, { UserName: 'senior', Password: 'Senior1234', RoleIds: [seniors] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    seniorClerk = await signIn(t.app, 'senior', 'Senior1234');
    await t.app.db('users').where({ UserName: 'admin' }).update({ EmailAddress: 'admin@example.org' });
    await addUser(t.app, { UserName: 'bea', EmailAddress: 'Bea@Example.org' });
    await addUser(t.app, { UserName: 'bea2', EmailAddress: 'bea@example.org' });
    await addUser(t.app, { UserName: 'gone', EmailAddress: 'gone@example.org', IsActive: false });
    for (const name of ['cleo', 'cato']) {
      const id = await addUser(t.app, { UserName: name });
      await t.app.db('users').where({ UserId: id }).update({ CreatedById: clerkId });
    }
  });

  it('answers every active address once, comma-delimited, whatever its case, without inactive users', async () => {
    // Bea's two accounts share one address, stored in two cases: it is listed once (as either).
    const list = (await emails(admin)).split(',').map((a) => a.toLowerCase());
    expect(list).toEqual(['admin@example.org', 'bea@example.org', 'cato@example.org', 'cleo@example.org', 'clerk@example.org', 'senior@example.org']);
  });

  it("without 'View All Records' only the addresses of the users the caller created", async () => {
    expect(await emails(clerk)).toBe('cato@example.org,cleo@example.org');
    expect((await emails(seniorClerk)).split(',')).toHaveLength(6);
  });

  it('needs the RegisterUser module', async () => {
    await addUser(t.app, { UserName: 'nobody', Password: 'Nobody1234' });
    const nobody = await signIn(t.app, 'nobody', 'Nobody1234');
    expect((await injectAs(t.app, nobody, { method: 'GET', url: '/api/users/active-emails' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/active-emails' })).statusCode).toBe(401);
  });
});
