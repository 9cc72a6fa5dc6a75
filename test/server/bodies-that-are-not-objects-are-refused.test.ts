import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { notJsonMessage } from '../../server/plugins/errors.ts';

type Operation = { requestBody?: { content?: Record<string, unknown> }; description?: string };

/** Upload routes stream a multipart body (no body schema), and say so in their description (as api-routes.ts reads them). */
const takesFiles = (operation: Operation) => Boolean(operation.requestBody?.content?.['multipart/form-data']) || Boolean(operation.description?.includes('multipart/form-data'));

/** The write routes that take no body at all: signing out, and undoing an import. */
const bodiless = ['POST /api/logout', 'POST /api/reports/schedules/{id}/send-now', 'POST /api/transfer/imports/{id}/rollback', 'POST /api/forms/{formId}/imports/{importId}/cancel', 'POST /api/forms/{formId}/imports/{importId}/undo',
  'POST /api/users/imports/{importId}/cancel', 'POST /api/users/imports/{importId}/undo'];

/**
 * Issue 27.7: a body that is not an object (a JSON string or number, or text/plain) answered 500 on a built form's
 * record routes, which declared no body schema. Every write route, shipped or composed, declares one (at least an
 * object), so Fastify refuses anything else with 400 in the one error shape, saying what was wrong; text/plain is 415.
 */
describe.each(databases)('bodies that are not objects are refused, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let writes: string[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    admin = await signIn(t.app);
    const post = async (url: string, payload: object) => (await injectAs(t.app, admin, { method: 'POST', url, payload })).json();
    ids.formId = (await post('/api/forms', { Name: 'Bodies', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId: ids.formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    ids.pageId = (await post('/api/pages', {
      Name: 'Bodies', Description: null, PermissionsDisplayName: 'Bodies', FormId: ids.formId, ParentPageId: null,
      Controller: null, ViewPath: 'bodies/index', Route: '/body-records', Action: null, Target: 'self', IsActive: true,
    })).PageId;
    ids.id = (await post(`/api/forms/${ids.formId}/records`, { Title: 'One' })).RecordId;
    expect(ids.id).toBeGreaterThan(0);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    writes = Object.entries(doc.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([method, operation]) => ['post', 'put', 'patch'].includes(method) && path.startsWith('/api/') && !takesFiles(operation))
      .map(([method]) => `${method.toUpperCase()} ${path}`));
  });

  const urlOf = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? ids.id));
  const send = (route: string, payload: string, contentType = 'application/json') => {
    const [method, path] = route.split(' ');
    return injectAs(t.app, admin, { method: method as 'POST', url: urlOf(path), payload, headers: { 'content-type': contentType } });
  };

  it("every write route but those that take nothing declares its body, a built form's record routes included", async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const undeclared = writes.filter((route) => {
      const [method, path] = route.split(' ');
      return !doc.paths[path][method.toLowerCase()].requestBody;
    });
    expect(undeclared.sort()).toEqual([...bodiless].sort());
    for (const route of ['POST /api/forms/{formId}/records', 'POST /api/forms/{formId}/records/{id}', 'POST /api/forms/{formId}/records/{id}/deactivate',
      'POST /api/pages/{pageId}/records', 'POST /api/pages/{pageId}/records/{id}', 'POST /api/users/{id}/deactivate']) {
      expect(writes, route).toContain(route);
    }
  });

  it('a JSON string, number or list where an object is due is refused with 400 saying so, on every write route', async () => {
    const declared = writes.filter((route) => !bodiless.includes(route));
    expect(declared.length).toBeGreaterThan(40);
    for (const route of declared) {
      for (const payload of ['"x"', '5', 'true']) {
        const res = await send(route, payload);
        expect(res.statusCode, `${route} ${payload}: ${res.body}`).toBe(400);
        const [item] = res.json();
        expect(Object.keys(item).sort(), route).toEqual(['ErrorCode', 'ErrorMessage', 'PropertyName']);
        expect(item.ErrorMessage, route).toMatch(/^The request body must be a JSON (object|list)/);
      }
    }
  });

  it("a built form's record routes refuse a list, a string and a number, and a deactivation refuses a string", async () => {
    for (const url of [`POST /api/forms/${ids.formId}/records`, `POST /api/forms/${ids.formId}/records/${ids.id}`, `POST /api/pages/${ids.pageId}/records`]) {
      for (const payload of ['[]', '"x"', '12']) {
        const res = await send(url, payload);
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json(), url).toEqual([{ PropertyName: null, ErrorMessage: 'The request body must be a JSON object.', ErrorCode: 'BodyType' }]);
      }
    }
    const deactivate = await send(`POST /api/forms/${ids.formId}/records/${ids.id}/deactivate`, '"x"');
    expect(deactivate.json(), deactivate.body).toEqual([{ PropertyName: null, ErrorMessage: 'The request body must be a JSON object.', ErrorCode: 'BodyType' }]);
    expect((await t.app.db(`form_records_${ids.formId}`).where({ RecordId: ids.id }).first('IsActive')).IsActive).toBe(true);
  });

  it('a text/plain body is refused with 415 saying the body must be JSON', async () => {
    for (const route of [`POST /api/forms/${ids.formId}/records`, 'POST /api/users', 'POST /api/roles/{id}']) {
      const res = await send(route, 'Title=One', 'text/plain');
      expect(res.statusCode, `${route}: ${res.body}`).toBe(415);
      expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: notJsonMessage, ErrorCode: 'UnsupportedMediaType' }]);
    }
  });
});
