import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser, addRole, grantModule } from './account-fixtures.ts';
import { grantNodes, nodeId, override } from './access-fixtures.ts';
import { moduleAccessOf } from '../../server/modules/access/effective-access.ts';

interface Link { Step: string; Node: string; Detail: string; Granted: boolean }
interface Explanation { Granted: boolean; Chain: Link[] }




describe.each(databases)('explain access on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;

  async function explain(query: Record<string, string | number>, who?: SignedIn): Promise<Explanation> {
    who ??= admin ??= await signIn(t.app);
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await injectAs(t.app, who, { method: 'GET', url: `/api/Authorize/Explain?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const steps = (e: Explanation) => e.Chain.map((l) => [l.Step, l.Node, l.Granted]);

  it("says a role's grant and the user's override that denies it, and that the override decided", async () => {
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    const userId = await addUser(t.app, { UserName: 'clara', RoleIds: [clerks] });
    const before = await explain({ userId, moduleName: 'RegisterUser' });
    expect(before.Granted).toBe(true);
    expect(steps(before)).toEqual([['Master', 'RegisterUser', false], ['Role', 'RegisterUser', true], ['ViewAllRecords', 'RegisterUser', false]]);
    expect(before.Chain[0].Detail).toBe('clara is not the master user.');
    expect(before.Chain[1].Detail).toBe("Role 'Clerks' grants the module Users (RegisterUser).");
    expect(before.Chain[2].Detail).toBe('No active role gives View All Records: own records only.');

    await override(t.app, userId, await nodeId(t.app, 'RegisterUser'), false);
    const after = await explain({ userId, moduleName: 'RegisterUser' });
    expect(after.Granted).toBe(false);
    expect(steps(after)).toEqual([['Master', 'RegisterUser', false], ['Role', 'RegisterUser', true], ['Override', 'RegisterUser', false], ['ViewAllRecords', 'RegisterUser', false]]);
    expect(after.Chain[2].Detail).toBe("clara's override denies the module Users (RegisterUser), whatever the roles give.");

    // A route node under the denied module: the role and no override grant it, the module it needs is not held.
    const route = await explain({ userId, moduleName: 'RegisterUser', routeName: 'users.create' });
    expect(route.Granted).toBe(false);
    expect(route.Chain.at(-2)).toMatchObject({ Step: 'Role', Node: 'users.create', Granted: true });
    expect(route.Chain.at(-1)).toEqual({
      Step: 'ModuleRequired', Node: 'users.create', Granted: false,
      Detail: 'The route node users.create counts only under its module RegisterUser, which clara does not hold.',
    });
  });

  it('a child node granted without its module is not granted, and says why', async () => {
    const orphans = await addRole(t.app, 'Orphans');
    await grantNodes(t.app, orphans, [await nodeId(t.app, 'RegisterUser', { type: 'field', name: 'EmailAddress' })]);
    const userId = await addUser(t.app, { UserName: 'oscar', RoleIds: [orphans] });
    const field = await explain({ userId, moduleName: 'RegisterUser', fieldName: 'EmailAddress' });
    expect(field.Granted).toBe(false);
    expect(steps(field)).toEqual([
      ['Master', 'RegisterUser', false], ['Role', 'RegisterUser', false], ['Role', 'EmailAddress', true], ['ModuleRequired', 'EmailAddress', false],
    ]);
    await grantNodes(t.app, orphans, [await nodeId(t.app, 'RegisterUser')]);
    expect((await explain({ userId, moduleName: 'RegisterUser', fieldName: 'EmailAddress' })).Granted).toBe(true);
    expect((await explain({ userId, moduleName: 'RegisterUser', fieldName: 'UserName' })).Granted).toBe(false);
  });

  it('an inactive role gives nothing; role 1 holds every node; the master user everything', async () => {
    const dormant = await addRole(t.app, 'Dormant');
    await grantModule(t.app, dormant, 'RegisterUser', true);
    await t.app.db('roles').where({ RoleId: dormant }).update({ IsActive: false });
    const userId = await addUser(t.app, { UserName: 'sam', RoleIds: [1, dormant] });
    const both = await explain({ userId, moduleName: 'RegisterUser', routeName: 'users.delete' });
    expect(both.Granted).toBe(true);
    expect(both.Chain.filter((l) => l.Step === 'Role').map((l) => [l.Node, l.Granted, l.Detail])).toEqual([
      ['RegisterUser', true, "Role 'System Administrator' (role 1, which holds every node) grants the module Users (RegisterUser) with View All Records."],
      ['RegisterUser', false, "Role 'Dormant' is inactive and gives nothing."],
      ['users.delete', true, "Role 'System Administrator' (role 1, which holds every node) grants the route node users.delete."],
      ['users.delete', false, "Role 'Dormant' is inactive and gives nothing."],
    ]);
    await t.app.db('user_roles').where({ UserId: userId, RoleId: 1 }).delete();
    const dormantOnly = await explain({ userId, moduleName: 'RegisterUser' });
    expect(dormantOnly.Granted).toBe(false);
    expect(dormantOnly.Chain.at(-1)).toMatchObject({ Step: 'ViewAllRecords', Granted: false });

    const masterId = (await t.app.db('users').where({ IsMaster: true }).first('UserId')).UserId;
    expect(await explain({ userId: masterId, moduleName: 'Role', fieldName: 'Anything' })).toEqual({
      Granted: true,
      Chain: [
        { Step: 'Master', Node: 'Role', Granted: true, Detail: 'admin is the master user, who holds every node.' },
        { Step: 'Node', Node: 'Anything', Granted: true, Detail: 'Module Role has no field node Anything: the field is not masked for anyone.' },
      ],
    });
  });

  it('View All Records: a module that does not offer it, and an override of it alone', async () => {
    const ops = await addRole(t.app, 'Operators');
    await grantModule(t.app, ops, 'SessionManagement');
    await grantModule(t.app, ops, 'RegisterUser', true);
    const userId = await addUser(t.app, { UserName: 'olga', RoleIds: [ops] });
    expect((await explain({ userId, moduleName: 'SessionManagement' })).Chain.at(-1)).toEqual({
      Step: 'ViewAllRecords', Node: 'SessionManagement', Granted: true,
      Detail: 'Module SessionManagement does not offer View All Records: its holders see every record.',
    });
    expect((await explain({ userId, moduleName: 'RegisterUser' })).Chain.at(-1)).toMatchObject({ Granted: true, Detail: 'An active role gives View All Records.' });
    await override(t.app, userId, await nodeId(t.app, 'RegisterUser'), null, false);
    const withheld = await explain({ userId, moduleName: 'RegisterUser' });
    expect(withheld.Granted).toBe(true);
    expect(steps(withheld).map(([s]) => s)).not.toContain('Override');
    expect(withheld.Chain.at(-1)).toMatchObject({ Granted: false, Detail: "olga's override withholds View All Records: own records only." });
  });

  it('routes and modules without a node, unknown users, and who may ask', async () => {
    const ops = await addRole(t.app, 'Plain users');
    await grantModule(t.app, ops, 'RegisterUser');
    const userId = await addUser(t.app, { UserName: 'paul', Password: 'Passw0rd1', RoleIds: [ops] });
    const print = await explain({ userId, moduleName: 'RegisterUser', routeName: 'users.print' });
    expect(print.Granted).toBe(true);
    expect(print.Chain.at(-1)).toEqual({ Step: 'Node', Node: 'users.print', Granted: true, Detail: 'Module RegisterUser has no route node users.print: the module alone decides.' });
    expect(await explain({ userId, moduleName: 'Nowhere' })).toEqual({
      Granted: false, Chain: [{ Step: 'Module', Node: 'Nowhere', Granted: false, Detail: 'There is no module named Nowhere: nobody holds it.' }],
    });

    admin ??= await signIn(t.app);
    const get = (who: SignedIn | null, url: string) => (who ? injectAs(t.app, who, { method: 'GET', url }) : t.app.inject({ method: 'GET', url }));
    expect((await get(admin, '/api/Authorize/Explain?userId=999999&moduleName=Role')).statusCode).toBe(404);
    expect((await get(admin, `/api/Authorize/Explain?userId=${userId}&moduleName=RegisterUser&routeName=users.create&fieldName=UserName`)).statusCode).toBe(400);
    expect((await get(admin, '/api/Authorize/Explain?moduleName=Role')).statusCode).toBe(400);
    expect((await get(null, `/api/Authorize/Explain?userId=${userId}&moduleName=Role`)).statusCode).toBe(401);
    // Explaining needs the Role module: paul holds Users only.
    const paul = await signIn(t.app, 'paul', 'Passw0rd1');
    const refused = await get(paul, `/api/Authorize/Explain?userId=${userId}&moduleName=RegisterUser`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe("You don't have permission to this page.");
    await grantModule(t.app, ops, 'Role');
    expect((await get(paul, `/api/Authorize/Explain?userId=${userId}&moduleName=RegisterUser`)).statusCode).toBe(200);
  });

  it("agrees with the evaluator for every user built from roles (active or not, with or without the module) and overrides", async () => {
    // Roles: full with View All Records; the module alone; full but inactive; children only, without the module.
    const full = await addRole(t.app, 'M full');
    await grantModule(t.app, full, 'RegisterUser', true);
    await grantModule(t.app, full, 'ApplicationSettings', true);
    const bare = await addRole(t.app, 'M bare');
    await grantNodes(t.app, bare, [await nodeId(t.app, 'RegisterUser'), await nodeId(t.app, 'SessionManagement')]);
    const dormant = await addRole(t.app, 'M dormant');
    await grantModule(t.app, dormant, 'RegisterUser', true);
    await grantModule(t.app, dormant, 'SessionManagement');
    await t.app.db('roles').where({ RoleId: dormant }).update({ IsActive: false });
    const children = await addRole(t.app, 'M children');
    const child = (type: 'route' | 'field', name: string, module = 'RegisterUser') => nodeId(t.app, module, { type, name });
    await grantNodes(t.app, children, [await child('route', 'users.create'), await child('route', 'users.delete'), await child('field', 'EmailAddress'), await child('route', 'appsettings.update', 'ApplicationSettings')]);
    const roleSets = [full, bare, dormant, children];

    const targets: Array<{ moduleName: string; routeName?: string; fieldName?: string }> = [
      { moduleName: 'RegisterUser' }, { moduleName: 'SessionManagement' }, { moduleName: 'ApplicationSettings' },
      { moduleName: 'RegisterUser', routeName: 'users.create' }, { moduleName: 'RegisterUser', routeName: 'users.delete' },
      { moduleName: 'ApplicationSettings', routeName: 'appsettings.update' },
      { moduleName: 'RegisterUser', fieldName: 'EmailAddress' }, { moduleName: 'RegisterUser', fieldName: 'UserName' },
    ];
    const overrideNodes = { module: await nodeId(t.app, 'RegisterUser'), route: await child('route', 'users.create'), field: await child('field', 'EmailAddress') };
    const choices = [null, true, false] as const;

    const users: number[] = [];
    for (let i = 0; i < 48; i++) {
      const RoleIds = roleSets.filter((_, bit) => i & (1 << bit));
      if (i === 47) RoleIds.push(1);
      const userId = await addUser(t.app, { UserName: `matrix${i}`, RoleIds });
      const onModule = choices[Math.floor(i / 16) % 3];
      const viewAll = choices[(i >> 2) % 3];
      if (onModule !== null || viewAll !== null) await override(t.app, userId, overrideNodes.module, onModule, viewAll);
      if (choices[i % 3] !== null) await override(t.app, userId, overrideNodes.route, choices[i % 3]);
      if (choices[Math.floor(i / 3) % 3] !== null) await override(t.app, userId, overrideNodes.field, choices[Math.floor(i / 3) % 3]);
      users.push(userId);
    }
    users.push((await t.app.db('users').where({ IsMaster: true }).first('UserId')).UserId);

    const disagreements: string[] = [];
    const answers = new Set<string>();
    for (const userId of users) {
      for (const target of targets) {
        const explained = await explain({ userId, ...target });
        const access = await moduleAccessOf(t.app.db, userId, target.moduleName, target.routeName ?? null);
        const evaluator = target.routeName ? access.holdsRoute
          : target.fieldName ? access.holdsModule && !access.deniedFields.includes(target.fieldName)
            : access.holdsModule;
        const label = `user ${userId} ${JSON.stringify(target)}`;
        answers.add(`${JSON.stringify(target)} ${evaluator}`);
        if (explained.Granted !== evaluator) disagreements.push(`${label}: explain ${explained.Granted}, evaluator ${evaluator}`);
        if (!target.routeName && !target.fieldName) {
          const viewAll = explained.Chain.find((l) => l.Step === 'ViewAllRecords')?.Granted ?? (explained.Chain[0].Step === 'Master');
          if (viewAll !== access.viewAllRecords) disagreements.push(`${label} View All Records: explain ${viewAll}, evaluator ${access.viewAllRecords}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // The users built reach both answers for every target, so the agreement is not that of a constant.
    expect(answers.size).toBe(targets.length * 2);
  });
});
