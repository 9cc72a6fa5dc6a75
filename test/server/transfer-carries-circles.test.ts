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
    // The form's actions as an administrator left them: Edit renamed, Copy inactive, Review (with Edit) and Archive added.
    const actionsUrl = `/api/forms/${formId}/actions`;
    const own = (await as(source.app, src, 'GET', actionsUrl)).json() as Array<{ ActionId: number; ActionName: string }>;
    const idOf = (name: string) => own.find((a) => a.ActionName === name)!.ActionId;
    expect((await as(source.app, src, 'POST', `${actionsUrl}/${idOf('Edit')}`, { ButtonText: 'Revise' })).statusCode).toBe(200);
    expect((await as(source.app, src, 'POST', `${actionsUrl}/${idOf('Copy')}`, { ButtonText: 'Copy', IsActive: false })).statusCode).toBe(200);
    expect((await as(source.app, src, 'POST', actionsUrl, { ButtonText: 'Review', Url: '/review', ParentActionId: idOf('Edit') })).statusCode).toBe(201);
    const archive = await as(source.app, src, 'POST', actionsUrl, { ButtonText: 'Archive', Url: 'https://archive.example.org/', ButtonCss: 'warning' });
    expect(archive.statusCode, archive.body).toBe(201);
    const granted = [idOf('Edit'), idOf('Print'), archive.json().ActionId as number];
    await source.app.db('atomic_circle_actions').insert(granted.map((ActionId) => ({ AtomicCircleId: north, ActionId })));
    const exported = await as(source.app, src, 'POST', '/api/transfer/export', { FormIds: [formId] });
    expect(exported.statusCode, exported.body).toBe(200);
    doc = exported.json();
  });

  it('names the circle, its key and its grants by form and action name', () => {
    expect(doc.circles).toEqual([{ kind: 'atomic', key: expect.any(String), name: 'North', actions: ['Edit', 'Print', 'Archive'].map((action) => ({ form: 'Incident Report', action })) }]);
  });

  it("carries the form's actions: the built-in ones as left, the custom ones with their parent", () => {
    const byName = Object.fromEntries((doc.forms[0].actions as Doc[]).map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(['Archive', 'Copy', 'Delete', 'Edit', 'Print', 'Review']);
    expect(byName.Edit).toMatchObject({ buttonText: 'Revise', url: null, parent: null, isActive: true });
    expect(byName.Copy).toMatchObject({ isActive: false });
    expect(byName.Review).toMatchObject({ buttonText: 'Review', url: '/review', parent: 'Edit', scope: 'row' });
    expect(byName.Archive).toMatchObject({ url: 'https://archive.example.org/', parent: null, buttonCss: 'warning' });
  });

  it('makes the circle on the target with its key and grants, changes nothing the second time, and rolls back what it made', async () => {
    const first = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: doc });
    expect(first.statusCode, first.body).toBe(200);
    const grants = await grantsOn(target.app);
    expect(grants.map((g) => [g.Name, g.FormName, g.ActionName])).toEqual([['North', 'Incident Report', 'Archive'], ['North', 'Incident Report', 'Edit'], ['North', 'Incident Report', 'Print']]);
    expect(grants[0].Key).toBe(doc.circles[0].key);
    const actionsThere = await target.app.db('page_actions as pa').join('forms as f', 'f.FormId', 'pa.FormId').leftJoin('page_actions as parent', 'parent.ActionId', 'pa.ParentActionId')
      .where('f.Name', 'Incident Report').orderBy('pa.ActionName').select('pa.ActionName', 'pa.ButtonText', 'pa.IsActive', 'pa.RouteKind', 'parent.ActionName as Parent');
    expect(actionsThere).toEqual([
      { ActionName: 'Archive', ButtonText: 'Archive', IsActive: true, RouteKind: null, Parent: null },
      { ActionName: 'Copy', ButtonText: 'Copy', IsActive: false, RouteKind: 'create', Parent: null },
      { ActionName: 'Delete', ButtonText: 'Delete', IsActive: true, RouteKind: 'delete', Parent: null },
      { ActionName: 'Edit', ButtonText: 'Revise', IsActive: true, RouteKind: 'update', Parent: null },
      { ActionName: 'Print', ButtonText: 'Print', IsActive: true, RouteKind: 'read', Parent: null },
      // Granted with its parent: it takes Edit's route.
      { ActionName: 'Review', ButtonText: 'Review', IsActive: true, RouteKind: 'update', Parent: 'Edit' },
    ]);
    const again = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: doc });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().Plan.filter((p: { Kind: string }) => p.Kind === 'Circle')).toEqual([{ Kind: 'Circle', Key: 'North', Action: 'unchanged', Changes: [] }]);
    expect(again.json().Plan.every((p: { Action: string }) => p.Action === 'unchanged')).toBe(true);
    const undone = await as(target.app, dst, 'POST', `/api/transfer/imports/${first.json().ImportId}/rollback`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await grantsOn(target.app)).toEqual([]);
    expect(await target.app.db('atomic_circles').where({ Name: 'North' }).first('AtomicCircleId')).toBeUndefined();
  });

  it('changes an action a later document changed, and a rollback puts it back', async () => {
    const first = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: doc });
    expect(first.statusCode, first.body).toBe(200);
    const changed = structuredClone(doc);
    Object.assign(changed.forms[0].actions.find((a: Doc) => a.name === 'Review'), { buttonText: 'Check', url: '/check' });
    const second = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: changed });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().Plan).toContainEqual({ Kind: 'Action', Key: 'Incident Report › Review', Action: 'change', Changes: ['ButtonText', 'Url'] });
    const review = () => target.app.db('page_actions').where({ ActionName: 'Review' }).first('ButtonText', 'Url');
    expect(await review()).toEqual({ ButtonText: 'Check', Url: '/check' });
    expect((await as(target.app, dst, 'POST', `/api/transfer/imports/${second.json().ImportId}/rollback`)).statusCode).toBe(200);
    expect(await review()).toEqual({ ButtonText: 'Review', Url: '/review' });
    expect((await as(target.app, dst, 'POST', `/api/transfer/imports/${first.json().ImportId}/rollback`)).statusCode).toBe(200);
  });

  it('refuses a custom action without a url, or with a parent the form lacks, writing nothing', async () => {
    for (const [change, message] of [
      [{ url: null }, 'The action Review has no url, which every action but Edit, Delete, Copy and Print needs, of the form Incident Report.'],
      [{ parent: 'Nothing' }, 'The action Review names the parent Nothing, which is no other action without a parent of the form Incident Report.'],
    ] as const) {
      const bad = structuredClone(doc);
      Object.assign(bad.forms[0].actions.find((a: Doc) => a.name === 'Review'), change);
      const res = await as(target.app, dst, 'POST', '/api/transfer/import', { Document: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()[0].ErrorMessage).toBe(message);
      expect(await target.app.db('forms').where({ Name: 'Incident Report' }).first('FormId')).toBeUndefined();
    }
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
