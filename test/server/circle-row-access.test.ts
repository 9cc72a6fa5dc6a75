import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { grantNodes, nodeId } from './access-fixtures.ts';

type Row = { RecordId: number; Title: string; AtomicCircleId?: number };

/** A role holding the form's module and the given route nodes (what the role editor writes). */
async function formRole(app: FastifyInstance, name: string, formId: number, routes: string[]): Promise<number> {
  const roleId = await addRole(app, name);
  const module = `Form${formId}`;
  await grantNodes(app, roleId, [await nodeId(app, module), ...(await Promise.all(routes.map((r) => nodeId(app, module, { type: 'route', name: `form-${formId}.${r}` }))))]);
  return roleId;
}

/**
 * Circles on every path to a circleable form's records (issue 30): who lists, reads and changes which records, the
 * list's CircleAccess, and the server's refusal of an action the row's circle does not grant.
 */
describe.each(databases)('circles decide the records and row actions of a circleable form on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const users: Record<string, SignedIn> = {};
  let pageId: number;
  let formId: number;
  let north: number;
  let south: number;
  let region: number;
  let actions: Record<string, number>;
  const records = () => `/api/pages/${pageId}/records`;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const list = async (who: SignedIn, query = '') => (await as(who, 'GET', `${records()}?pageSize=100${query}`)).json() as { Items: Row[]; TotalCount: number; CircleAccess: Array<{ Key: number; Value: string }> };
  const titles = async (who: SignedIn, query = '') => (await list(who, query)).Items.map((r) => r.Title).sort();
  const granted = async (who: SignedIn, circle: number) => {
    const entry = (await list(who)).CircleAccess.find((e) => e.Key === circle);
    const ids = new Set((entry?.Value ?? '').split(',').filter(Boolean).map(Number));
    return Object.entries(actions).filter(([, id]) => ids.has(id)).map(([name]) => name).sort();
  };
  const recordOf = async (title: string) => (await t.app.db(`form_records_${formId}`).where({ Title: title }).first('RecordId')).RecordId as number;

  beforeAll(async () => {
    admin = await signIn(t.app);
    const built = await as(admin, 'POST', '/api/forms/build', {
      Name: 'Incident Report', IsCircleable: true, Fields: [{ Label: 'Title', FieldType: 'text', Required: true }],
      Page: { Name: 'Incidents' }, MenuItem: true, Role: { Name: 'Clerk', Create: true, Update: true, Delete: true },
    });
    expect(built.statusCode, built.body).toBe(201);
    ({ FormId: formId, PageId: pageId } = built.json());
    const clerk = (await t.app.db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId;
    const db = t.app.db;
    [{ AggregateCircleId: region }] = await db('aggregate_circles').insert({ Name: 'Region' }).returning('AggregateCircleId');
    [{ AtomicCircleId: north }] = await db('atomic_circles').insert({ Name: 'North', AggregateCircleId: region }).returning('AtomicCircleId');
    [{ AtomicCircleId: south }] = await db('atomic_circles').insert({ Name: 'South', AggregateCircleId: region }).returning('AtomicCircleId');
    const [{ AtomicCircleId: east }] = await db('atomic_circles').insert({ Name: 'East' }).returning('AtomicCircleId');
    // Region lets its members edit and delete; North, with roles of its own, only edit.
    await db('aggregate_circle_roles').insert({ AggregateCircleId: region, RoleId: await formRole(t.app, 'Region Editors', formId, ['update', 'delete']) });
    await db('atomic_circle_roles').insert({ AtomicCircleId: north, RoleId: await formRole(t.app, 'North Editors', formId, ['update']) });
    await db('atomic_circles').where({ AtomicCircleId: north }).update({ HasOwnRoles: true });
    actions = Object.fromEntries((await db('page_actions').where({ FormId: formId }).select('ActionName', 'ActionId')).map((a) => [a.ActionName, a.ActionId]));
    const people: Array<[string, number]> = [['nora', north], ['nick', 1], ['sam', south], ['ursula', east]];
    for (const [name, circle] of people) {
      const id = await addUser(t.app, { UserName: name, Password: 'Secret12345', RoleIds: [clerk] });
      await db('users').where({ UserId: id }).update({ OwnerAtomicCircleId: circle });
      users[name] = await signIn(t.app, name, 'Secret12345');
    }
    // Nick belongs to North besides his own circle; Ursula to every circle of Region.
    await db('user_circles').insert({ UserId: (await db('users').where({ UserName: 'nick' }).first('UserId')).UserId, AtomicCircleId: north });
    await db('user_aggregate_circles').insert({ UserId: (await db('users').where({ UserName: 'ursula' }).first('UserId')).UserId, AggregateCircleId: region });
    for (const [who, title] of [['nora', 'North 1'], ['nora', 'North 2'], ['sam', 'South 1']] as const) {
      const made = await as(users[who], 'POST', records(), { Title: title });
      expect(made.statusCode, made.body).toBe(201);
    }
  });

  it("gives a new record its creator's owner circle", async () => {
    const rows = await t.app.db(`form_records_${formId}`).orderBy('Title').select('Title', 'AtomicCircleId');
    expect(rows).toEqual([{ Title: 'North 1', AtomicCircleId: north }, { Title: 'North 2', AtomicCircleId: north }, { Title: 'South 1', AtomicCircleId: south }]);
  });

  it("lists, counts, searches and exports a circle's records to its members only, however they belong", async () => {
    expect(await titles(users.nora)).toEqual(['North 1', 'North 2']);
    expect(await titles(users.nick)).toEqual(['North 1', 'North 2']);
    expect(await titles(users.sam)).toEqual(['South 1']);
    expect(await titles(users.ursula)).toEqual(['North 1', 'North 2', 'South 1']);
    expect(await titles(admin)).toEqual(['North 1', 'North 2', 'South 1']);
    expect((await list(users.nora, '&q=South')).TotalCount).toBe(0);
    const csv = (await as(users.nora, 'GET', `${records()}/export.csv`)).body;
    expect(csv).toContain('North 1');
    expect(csv).not.toContain('South 1');
  });

  it('answers a record of another circle as one that does not exist, on every route', async () => {
    const southId = await recordOf('South 1');
    expect((await as(users.nora, 'GET', `${records()}/${southId}`)).statusCode).toBe(404);
    expect((await as(users.nora, 'GET', `${records()}/${southId}/history`)).statusCode).toBe(404);
    expect((await as(users.nora, 'POST', `${records()}/${southId}`, { Title: 'Taken' })).statusCode).toBe(404);
    expect((await as(users.nora, 'DELETE', `${records()}/${southId}`)).statusCode).toBe(404);
    expect((await as(users.sam, 'GET', `${records()}/${southId}`)).statusCode).toBe(200);
  });

  it("grants on a row what its circle's roles in force give, and the server refuses the rest", async () => {
    expect(await granted(users.nora, north)).toEqual(['Edit', 'Print']);
    expect(await granted(users.sam, south)).toEqual(['Delete', 'Edit', 'Print']);
    const northId = await recordOf('North 1');
    const edit = await as(users.nora, 'POST', `${records()}/${northId}`, { Title: 'North 1' });
    expect(edit.statusCode, edit.body).toBe(200);
    const refused = await as(users.nora, 'DELETE', `${records()}/${northId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject([{ ErrorMessage: "You may not delete the records of the circle 'North'." }]);
    expect((await as(users.nora, 'POST', `${records()}/${northId}/deactivate`)).statusCode).toBe(403);
    expect(await recordOf('North 1')).toBe(northId);
  });

  it("makes a circle without roles of its own inherit its aggregate's at the next request", async () => {
    await t.app.db('atomic_circles').where({ AtomicCircleId: north }).update({ HasOwnRoles: false });
    try {
      expect(await granted(users.nora, north)).toEqual(['Delete', 'Edit', 'Print']);
      const made = await as(users.nora, 'POST', records(), { Title: 'North gone' });
      const gone = await as(users.nora, 'DELETE', `${records()}/${made.json().RecordId}`);
      expect(gone.statusCode, gone.body).toBe(204);
    } finally {
      await t.app.db('atomic_circles').where({ AtomicCircleId: north }).update({ HasOwnRoles: true });
    }
  });

  it('gives the master user every action on every circle, and an explicit Permission adds to the roles', async () => {
    expect(await granted(admin, north)).toEqual(['Copy', 'Delete', 'Edit', 'Print']);
    await t.app.db('atomic_circle_actions').insert({ AtomicCircleId: north, ActionId: actions.Delete });
    try {
      expect(await granted(users.nora, north)).toEqual(['Delete', 'Edit', 'Print']);
    } finally {
      await t.app.db('atomic_circle_actions').where({ AtomicCircleId: north }).delete();
    }
  });

  it("stops reaching a circle's records when the circle is deactivated, but keeps one's own", async () => {
    await t.app.db('atomic_circles').where({ AtomicCircleId: north }).update({ IsActive: false });
    try {
      expect(await titles(users.nick)).toEqual([]);
      expect(await titles(users.nora)).toEqual(['North 1', 'North 2']);
    } finally {
      await t.app.db('atomic_circles').where({ AtomicCircleId: north }).update({ IsActive: true });
    }
  });

  it('moves a record only to an existing circle the user belongs to, audits the move, and the record follows its circle', async () => {
    const id = await recordOf('North 2');
    const url = `${records()}/${id}/circle`;
    expect((await as(users.nick, 'GET', url)).json()).toMatchObject({ Current: { Id: north, Name: 'North' }, Choices: [{ Name: 'Default' }, { Name: 'North' }] });
    expect((await as(users.nick, 'POST', url, { AtomicCircleId: 999999 })).json()).toMatchObject([{ PropertyName: 'AtomicCircleId', ErrorMessage: 'The circle 999999 does not exist.' }]);
    expect((await as(users.nick, 'POST', url, { AtomicCircleId: south })).json()).toMatchObject([{ ErrorMessage: 'You may move a record only to a circle you belong to.' }]);
    const moved = await as(users.nick, 'POST', url, { AtomicCircleId: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await titles(users.nora)).toEqual(['North 1', 'North 2']); // hers: she created it
    expect(await titles(users.ursula)).toEqual(['North 1', 'South 1']); // Region's circles no longer hold it
    const history = (await as(admin, 'GET', `${records()}/${id}/history`)).json();
    expect(history[0]).toMatchObject({ ChangedBy: 'nick', Changes: [{ Field: 'Circle', Old: 'North', New: 'Default' }] });
    const back = await as(admin, 'POST', url, { AtomicCircleId: north });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("explains a row action by the record's circle, the membership and the roles that decided it, as the evaluator answers", async () => {
    const explain = async (user: string, title: string, action: string) => {
      const userId = (await t.app.db('users').where({ UserName: user }).first('UserId')).UserId;
      const res = await as(admin, 'GET', `/api/Authorize/ExplainRecordAction?userId=${userId}&formId=${formId}&recordId=${await recordOf(title)}&action=${action}&pageId=${pageId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { Granted: boolean; Chain: Array<{ Step: string; Detail: string; Granted: boolean }> };
    };
    const denied = await explain('nora', 'North 1', 'Delete');
    expect(denied.Granted).toBe(false);
    expect(denied.Chain.map((l) => l.Detail)).toEqual(expect.arrayContaining([
      "The record belongs to the circle 'North' of the aggregate 'Region'.",
      "nora is a member of 'North' (their owner circle): what the circle grants narrows their own roles.",
      "'North' takes its own roles: 'North Editors' does not grant Delete.",
    ]));
    expect((await explain('ursula', 'North 1', 'Delete')).Chain.map((l) => l.Detail)).toContain("ursula is a member of 'North' (through the aggregate 'Region'): what the circle grants narrows their own roles.");
    expect((await explain('sam', 'South 1', 'Delete')).Chain.map((l) => l.Detail)).toContain("'South' takes the roles of its aggregate 'Region': 'Region Editors' grants Delete.");
    // Every answer is the evaluator's: the list's CircleAccess for a row one reaches, nothing for one out of reach.
    const disagreements: string[] = [];
    for (const user of ['nora', 'nick', 'sam', 'ursula']) {
      const answer = await list(users[user]);
      for (const title of ['North 1', 'South 1']) {
        const row = answer.Items.find((r) => r.Title === title);
        const entry = row && answer.CircleAccess.find((e) => e.Key === row.AtomicCircleId);
        for (const action of ['Edit', 'Delete', 'Copy', 'Print']) {
          const evaluator = Boolean(entry?.Value.split(',').map(Number).includes(actions[action]));
          if ((await explain(user, title, action)).Granted !== evaluator) disagreements.push(`${user} ${title} ${action}: evaluator ${evaluator}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
