import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { grantNodes, nodeId } from './access-fixtures.ts';

type Listed = { Items: Array<{ UserName: string; AtomicCircleId: number }>; CircleAccess: Array<{ Key: number; Value: string }> };

/**
 * Users are records of their owner circle (issue 30): a user manager without View All Records reaches the users they
 * created and those of their circles (not the Default one, which everyone is in and which shares nothing), on every
 * path; what they may do to a user is what their roles give, narrowed by the user's circle.
 */
describe.each(databases)('users follow their owner circle on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let mara: SignedIn;
  let north: number;
  let south: number;
  const ids: Record<string, number> = {};
  const actions: Record<string, number> = {};
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const listed = async (who: SignedIn) => (await as(who, 'GET', '/api/users?pageSize=100')).json() as Listed;
  const names = async (who: SignedIn) => (await listed(who)).Items.map((u) => u.UserName).sort();

  beforeAll(async () => {
    admin = await signIn(t.app);
    const db = t.app.db;
    [{ AtomicCircleId: north }] = await db('atomic_circles').insert({ Name: 'North' }).returning('AtomicCircleId');
    [{ AtomicCircleId: south }] = await db('atomic_circles').insert({ Name: 'South' }).returning('AtomicCircleId');
    // Mara manages users (create, update, delete) without View All Records, and sits in North.
    const managers = await addRole(t.app, 'User Managers');
    await grantModule(t.app, managers, 'RegisterUser');
    ids.mara = await addUser(t.app, { UserName: 'mara', Password: 'Secret12345', RoleIds: [managers] });
    // North lets its members change users, not delete them.
    const editors = await addRole(t.app, 'User Editors');
    await grantNodes(t.app, editors, [await nodeId(t.app, 'RegisterUser'), await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.update' })]);
    await db('atomic_circle_roles').insert({ AtomicCircleId: north, RoleId: editors });
    await db('atomic_circles').where({ AtomicCircleId: north }).update({ HasOwnRoles: true });
    for (const name of ['nina', 'sam', 'otto']) ids[name] = await addUser(t.app, { UserName: name, Password: 'Secret12345', RoleIds: [] });
    for (const [name, circle] of [['mara', north], ['nina', north], ['otto', south]] as const) await db('users').where({ UserId: ids[name] }).update({ OwnerAtomicCircleId: circle });
    for (const a of await db('page_actions').whereIn('ActionName', ['UpdateUser', 'DeleteUser']).select('ActionName', 'ActionId')) actions[a.ActionName] = a.ActionId;
    mara = await signIn(t.app, 'mara', 'Secret12345');
  });

  it('lists, counts, exports and reads the users of her circles and those she created, and no others', async () => {
    expect(await names(mara)).toEqual(['mara', 'nina']);
    expect((await listed(admin)).Items.map((u) => u.UserName)).toEqual(expect.arrayContaining(['admin', 'mara', 'nina', 'otto', 'sam']));
    const csv = (await as(mara, 'GET', '/api/users/export.csv')).body;
    expect(csv).toContain('nina');
    expect(csv).not.toContain('otto');
    expect((await as(mara, 'GET', `/api/users/${ids.nina}`)).statusCode).toBe(200);
    for (const other of ['otto', 'sam']) expect((await as(mara, 'GET', `/api/users/${ids[other]}`)).statusCode).toBe(404);
    expect((await as(mara, 'GET', '/api/users/active-emails')).body).toBe('mara@example.org,nina@example.org');
    // Locks held by someone else are told of the users she may read: Nina's, not Otto's.
    await readForUpdate(t.app, admin, `/api/users/${ids.nina}`);
    await readForUpdate(t.app, admin, `/api/users/${ids.otto}`);
    const held = await as(mara, 'GET', `/api/record-locks/held/users?ids=${ids.nina},${ids.otto}`);
    expect(held.json()).toEqual({ LockedIds: [ids.nina] });
    for (const name of ['nina', 'otto']) expect((await as(admin, 'DELETE', `/api/record-locks/users/${ids[name]}`)).statusCode).toBe(204);

    // A user she creates is hers wherever it sits; one moved out of her circles leaves her reach at once.
    const made = await as(mara, 'POST', '/api/users', { UserName: 'newbie', FirstName: 'New', LastName: 'Bie', EmailAddress: 'newbie@example.org', ConfirmEmailAddress: 'newbie@example.org', IsActive: true, SignInSetup: 'SendActivationEmail' });
    expect(made.statusCode, made.body).toBe(201);
    // Her answer leaves out the circle fields, which need AggregateCircleManagement.
    expect(made.json()).not.toHaveProperty('OwnerAtomicCircleId');
    expect(made.json()).not.toHaveProperty('AtomicCircleIds');
    expect(await names(mara)).toEqual(['mara', 'newbie', 'nina']);
    await t.app.db('users').where({ UserId: ids.nina }).update({ OwnerAtomicCircleId: south });
    expect(await names(mara)).not.toContain('nina');
    expect((await as(mara, 'GET', `/api/users/${ids.nina}`)).statusCode).toBe(404);
    await t.app.db('users').where({ UserId: ids.nina }).update({ OwnerAtomicCircleId: north });
  });

  it("offers and allows what North grants on North's users: Edit, not Delete", async () => {
    const body = await listed(mara);
    const grants = (circle: number) => (body.CircleAccess.find((e) => e.Key === circle)?.Value ?? '').split(',').filter(Boolean).map(Number);
    expect(grants(north)).toContain(actions.UpdateUser);
    expect(grants(north)).not.toContain(actions.DeleteUser);
    // Her own grants (circle 0: the set actions, and the users she created in no circle) keep Delete.
    expect(grants(0)).toContain(actions.DeleteUser);

    const nina = (await as(mara, 'GET', `/api/users/${ids.nina}`)).json();
    const changed = await as(mara, 'POST', `/api/users/${ids.nina}`, { ...nina, FirstName: 'Nina' });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await as(mara, 'DELETE', `/api/users/${ids.nina}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe("You may not delete the records of the circle 'North'.");
    expect(await t.app.db('users').where({ UserId: ids.nina }).first('UserId')).toBeDefined();

    // Without North's roles, the circle grants nothing and the change is refused too.
    await t.app.db('atomic_circle_roles').where({ AtomicCircleId: north }).delete();
    const again = (await as(mara, 'GET', `/api/users/${ids.nina}`)).json();
    const noEdit = await as(mara, 'POST', `/api/users/${ids.nina}`, { ...again, FirstName: 'Nineteen' });
    expect(noEdit.statusCode).toBe(403);
    expect(noEdit.json()[0].ErrorMessage).toBe("You may not change the records of the circle 'North'.");
  });
});
