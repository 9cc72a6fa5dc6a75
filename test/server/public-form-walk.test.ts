import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { publicShipmentForm, visitorOf } from './public-form-fixture.ts';

type Operation = { security?: unknown[] };

/**
 * Issue 32: a public form's visitor can create a record and nothing else. Every route that is not public (the forms'
 * records and definitions, pages, lookups, fields, everything) refuses a caller with no session and one bearing the
 * public form's fill token or key; the public form's own path has its two calls and no other.
 */
describe.each(databases)("what a public form's visitor cannot reach, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof publicShipmentForm>>;
  let key: string;
  let token: string;
  let recordId: number;

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await publicShipmentForm(t.app, admin);
    key = (await form.publish({ FieldIds: [form.fieldIds.Title], MinFillSeconds: 0 })).PublicKey!;
    const visitor = visitorOf(t.app, key);
    expect((await visitor.send({ Values: { Title: 'Mine' }, Token: (await visitor.open()).Token })).statusCode).toBe(201);
    recordId = (await t.app.db(form.table).first('RecordId')).RecordId;
    token = (await visitor.open()).Token;
  });

  it('the public path has a GET and a POST, and nothing else is public under /api/public/forms', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const publicForms = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/public/forms'));
    expect(publicForms.map(([path, ops]) => [path, Object.keys(ops).sort()])).toEqual([['/api/public/forms/{key}', ['get', 'post']]]);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: `/api/public/forms/${key}`, payload: {} })).statusCode, method).toBe(404);
    }
    for (const url of [`/api/public/forms/${key}/records`, `/api/public/forms/${key}/${recordId}`, `/api/public/forms/${key}/lookups`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('every route that is not public refuses no session, the fill token and the key alike with 401', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const guarded = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/')).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([method, operation]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method) && !(Array.isArray(operation.security) && operation.security.length === 0))
      .map(([method]) => ({ method: method.toUpperCase() as 'GET', path })));
    const url = (path: string) => path.replace(/\{formId\}|\{id\}/g, (name) => String(name === '{formId}' ? form.formId : recordId)).replace(/\{(\w+)\}/g, String(form.formId));
    // The form's records and its definition are among them.
    const walked = guarded.map((r) => `${r.method} ${r.path}`);
    expect(walked).toEqual(expect.arrayContaining([
      'GET /api/forms/{formId}/records', 'GET /api/forms/{formId}/records/{id}', 'POST /api/forms/{formId}/records/{id}', 'DELETE /api/forms/{formId}/records/{id}',
      'GET /api/forms/{formId}/records/export.csv', 'GET /api/forms/{id}', 'POST /api/forms/{id}', 'GET /api/forms/{id}/fields', 'POST /api/formfields',
      'GET /api/forms/{id}/public', 'POST /api/forms/{id}/public/key',
    ]));
    expect(guarded.length).toBeGreaterThan(100);
    const bearers: Array<Record<string, string>> = [{}, { authorization: `Bearer ${token}` }, { authorization: `Bearer ${key}` }, { 'x-public-form': key }];
    const letThrough: string[] = [];
    for (const route of guarded) {
      for (const headers of bearers) {
        const res = await t.app.inject({ method: route.method, url: url(route.path), headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
        if (res.statusCode !== 401) letThrough.push(`${route.method} ${route.path} ${JSON.stringify(headers).slice(0, 20)}: ${res.statusCode}`);
      }
    }
    expect(letThrough).toEqual([]);
    expect((await t.app.db(form.table).select('Title')).map((r: { Title: string }) => r.Title)).toEqual(['Mine']);
  }, 300_000);
});
