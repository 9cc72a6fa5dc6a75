import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

type Doc = Record<string, any>;

/**
 * Issue 30: an Application Transfer carries the circles' grants on the forms it moves: the circle made on the target
 * when it has none (found by key, else by name, when it has), its Permissions added, a second import changing
 * nothing, and a rollback taking back the circle and grants it made.
 */
describe.each(databases)("a transfer carries circles' grants on the forms it moves, on %s", (kind) => {
  const source = useTestApp(kind);
  const target = useTestApp(kind);
  let src: SignedIn;
  let dst: SignedIn;
  let doc: Doc;
  const as = (app: FastifyInstance, who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(app, who, { method, url, payload });
  const grantsOn = async (app: FastifyInstance) => (await app.db('atomic_circle_actions as ca').join('atomic_circles as c', 'c.AtomicCircleId', 'ca.AtomicCircleId')
    .join('page_actions as pa', 'pa.ActionId', 'ca.ActionId').join('forms as f', 'f.FormId', 'pa.FormId').orderBy(['c.Name', 'pa.ActionName'])
    .select('c.Name', 'c.Key', 'f.Name as FormName', 'pa.ActionName')) as Array<{ Name: string; Key: string; FormName: string; ActionName: string }>;

  beforeAll(async () => {
    src = await signIn(source.app);
    dst = await signIn(target.app);
    const built = await as(source.app, src, 'POST', '/api/forms/build', { Name: 'Incident Report', IsCircleable: true, Fields: [{ Label: 'Title', FieldType: 'text' }] });
    expect(built.statusCode, built.body).toBe(201);
    const formId = built.json().FormId as number;
    const [{ AtomicCircleId: north }] = await source.app.db('atomic_circles').insert({ Name: 'North' }).returning('AtomicCircleId');
    const actions = await source.app.db('page_actions').where({ FormId: formId }).whereIn('ActionName', ['Edit', 'Print']).select('ActionId');
    await source.app.db('atomic_circle_actions').insert(actions.map((a: { ActionId: number }) => ({ AtomicCircleId: north, ActionId: a.ActionId })));
    const exported = await as(source.app, src, 'POST', '/api/transfer/export', { FormIds: [formId] });
    expect(exported.statusCode, exported.body).toBe(200);
    doc = exported.json();
  });

  it('names the circle, its key and its grants by form and action name', () => {
    expect(doc.circles).toEqual([{ kind: 'atomic', key: expect.any(String), name: 'North', actions: [{ form: 'Incident Report', action: 'Edit' }, { form: 'Incident Report', action: 'Print' }] }]);
  });

  it('makes the circle on the target with its key and grants, changes nothing the second time, and rolls back what it made', async () => {
    const first = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: doc });
    expect(first.statusCode, first.body).toBe(200);
    const grants = await grantsOn(target.app);
    expect(grants.map((g) => [g.Name, g.FormName, g.ActionName])).toEqual([['North', 'Incident Report', 'Edit'], ['North', 'Incident Report', 'Print']]);
    expect(grants[0].Key).toBe(doc.circles[0].key);
    const again = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: doc });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().Plan.filter((p: { Kind: string }) => p.Kind === 'Circle')).toEqual([{ Kind: 'Circle', Key: 'North', Action: 'unchanged', Changes: [] }]);
    expect(again.json().Plan.every((p: { Action: string }) => p.Action === 'unchanged')).toBe(true);
    const undone = await as(target.app, dst, 'POST', `/api/transfer/imports/${first.json().ImportId}/rollback`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await grantsOn(target.app)).toEqual([]);
    expect(await target.app.db('atomic_circles').where({ Name: 'North' }).first('AtomicCircleId')).toBeUndefined();
  });

  it('refuses a grant of an action no form of the document has, writing nothing', async () => {
    const bad = { ...doc, circles: [{ kind: 'atomic', name: 'South', actions: [{ form: 'No Such Form', action: 'Edit' }] }] };
    const res = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: bad });
    expect(res.statusCode).toBe(409);
    expect(res.json()[0].ErrorMessage).toBe('The document grants Edit of the form No Such Form to the circle South, but this installation has no such form.');
    expect(await target.app.db('atomic_circles').where({ Name: 'South' }).first('AtomicCircleId')).toBeUndefined();
    expect(await target.app.db('forms').where({ Name: 'Incident Report' }).first('FormId')).toBeUndefined();
  });
});
