import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { maxPageSize, pageSizeMessage } from '../../server/lib/list/schemas.ts';
import { runList } from '../../server/lib/list/index.ts';
import type { ListDefinition } from '../../engine/core/screen-document.ts';

type Operation = { parameters?: Array<{ in: string; name: string }> };

/**
 * Issue 28.6: pageSize=0 answered every row of a list (2,001 of 2,001) while a size over the cap was refused. No page
 * size below 1 is taken: every list route refuses it with 400 as it refuses one over the cap, and runList itself too.
 */
describe.each(databases)('a list page size never bypasses the cap, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const ids: Record<string, number> = {};
  const get = (url: string) => injectAs(t.app, admin, { method: 'GET', url });

  beforeAll(async () => {
    admin = await signIn(t.app);
    // More roles than one page may hold.
    const roles = Array.from({ length: maxPageSize + 1 }, (_, i) => ({ Name: `Capped ${String(i).padStart(4, '0')}`, MaxNumberOfConcurrentUsers: 0 }));
    await t.app.db.batchInsert('roles', roles, 500);
    // A built form and a page showing it, whose record lists are list routes too.
    const post = async (url: string, payload: object) => (await injectAs(t.app, admin, { method: 'POST', url, payload })).json();
    ids.formId = (await post('/api/forms', { Name: 'Paged', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId: ids.formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    ids.pageId = (await post('/api/pages', {
      Name: 'Paged', Description: null, PermissionsDisplayName: 'Paged', FormId: ids.formId, ParentPageId: null,
      Controller: null, ViewPath: 'paged/index', Route: '/paged-records', Action: null, Target: 'self', IsActive: true,
    })).PageId;
    expect(ids.pageId).toBeGreaterThan(0);
  });

  it(`a list with more than ${maxPageSize} rows refuses pageSize 0, a negative one and one over the cap alike, and answers a full page`, async () => {
    for (const size of ['0', '-1', '-1000', String(maxPageSize + 1), '1000000']) {
      const res = await get(`/api/roles?pageSize=${size}`);
      expect(res.statusCode, `pageSize=${size}: ${res.body}`).toBe(400);
      expect(res.json(), `pageSize=${size}`).toEqual([{ PropertyName: 'pageSize', ErrorMessage: pageSizeMessage, ErrorCode: expect.anything() }]);
    }
    const full = await get(`/api/roles?pageSize=${maxPageSize}`);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().Items).toHaveLength(maxPageSize);
    expect(full.json().TotalCount).toBeGreaterThan(maxPageSize);
  });

  it('every list route of the OpenAPI document refuses pageSize 0', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const lists = Object.entries(doc.paths)
      .filter(([, operations]) => operations.get?.parameters?.some((p) => p.in === 'query' && p.name === 'pageSize'))
      .map(([path]) => path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? 1)));
    expect(lists.length).toBeGreaterThan(10);
    for (const url of lists) {
      const res = await get(`${url}?pageSize=0`);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()[0], url).toMatchObject({ PropertyName: 'pageSize', ErrorMessage: pageSizeMessage });
    }
  });

  it('runList refuses a page size below 1 from a caller that skipped the route schema', async () => {
    const list = { columns: [{ field: 'Name', header: 'Name', sortable: true }], defaultSort: [{ field: 'Name', dir: 'asc' }] } as unknown as ListDefinition;
    await expect(runList(t.app.db, t.app.db('roles'), list, { idField: 'RoleId' }, { pageSize: 0 })).rejects.toMatchObject({ statusCode: 400, items: [{ ErrorMessage: pageSizeMessage }] });
    const page = await runList(t.app.db, t.app.db('roles'), list, { idField: 'RoleId' }, { pageSize: 3 });
    expect(page.Items).toHaveLength(3);
  });
});
