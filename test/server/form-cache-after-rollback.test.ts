import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { databases, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

/**
 * A rollback of an import puts a form's Revision back, so the next change gives it a Revision number the rolled-back
 * import already had. A process that composed the form during the import must not take its cached form for the new one.
 */
describe.each(databases)('a change after an import rollback is served by every process, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;

  const as = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(app, admin, { method, url, payload });
  async function post(app: FastifyInstance, url: string, body: object, status = 201) {
    const res = await as(app, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const field = (Name: string) => ({
    FormId: formId, Name, ReportLabelText: Name, FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {},
  });
  async function fieldsServedBy(app: FastifyInstance): Promise<string[]> {
    const res = await as(app, 'GET', `/api/metadata/screens/form-${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Screen.form.fields.update as string[];
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await post(t.app, '/api/forms', { Name: 'Visit Log', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post(t.app, '/api/formfields', field('Subject'));
  });

  /** Exports the form with the named field, then deletes that field here: importing the document adds it back. */
  async function documentAdding(name: string): Promise<object> {
    const extra = (await post(t.app, '/api/formfields', field(name))).FormFieldId;
    const exported = await as(t.app, 'POST', '/api/transfer/export', { FormIds: [formId] });
    expect(exported.statusCode, exported.body).toBe(200);
    expect((await as(t.app, 'DELETE', `/api/formfields/${extra}`)).statusCode).toBe(204);
    return exported.json();
  }

  async function importAndRollBack(document: object, whileImported: (app: FastifyInstance) => Promise<void>, other: FastifyInstance) {
    const imported = await post(t.app, '/api/transfer/import', { Document: document, FileName: 'visit-log.json' }, 200);
    expect(imported.ImportId).toBeGreaterThan(0);
    await whileImported(other);
    await post(t.app, `/api/transfer/imports/${imported.ImportId}/rollback`, {}, 200);
  }

  it('in one process: the rolled-back field goes, the next change shows', async () => {
    await importAndRollBack(await documentAdding('Extra'), async (app) => expect(await fieldsServedBy(app)).toContain('Extra'), t.app);
    expect(await fieldsServedBy(t.app)).not.toContain('Extra');
    await post(t.app, '/api/formfields', field('Purpose'));
    expect(await fieldsServedBy(t.app)).toEqual(expect.arrayContaining(['Subject', 'Purpose']));
    expect(await fieldsServedBy(t.app)).not.toContain('Extra');
  });

  // PGlite is one process's own database: a second server process exists only on PostgreSQL.
  if (kind === 'postgres') it('in a second process that composed the form while the import stood, the change after the rollback shows', async () => {
    const other = await buildApp({ ...t.config });
    try {
      // The other process composes the imported form and is asked nothing more until the change after the rollback.
      await importAndRollBack(await documentAdding('Notes'), async (app) => expect(await fieldsServedBy(app)).toContain('Notes'), other);
      await post(t.app, '/api/formfields', field('Remarks'));
      const served = await fieldsServedBy(other);
      expect(served).toContain('Remarks');
      expect(served).not.toContain('Notes');
      expect(served).toEqual(await fieldsServedBy(t.app));
    } finally {
      await other.close();
    }
  });
});
