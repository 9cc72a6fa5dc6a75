import { describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, startTestApp } from './helper.ts';
import { applyShippedDocuments } from '../../server/modules/public-pages/shipped-documents.ts';

const shippedNames = ['Bulletins', 'Contact Messages', 'Schedule Items'];

/**
 * Issue 32: the forms the public pages show ship as a transfer document (metadata/forms/public-pages.json), applied
 * once per installation at start, through the transfer import, and never again: what an administrator changes stays.
 */
describe.each(databases)('shipped forms, on %s', (kind) => {
  it('are applied at the first start with their fields, list and menu, once, and an administrator\'s change stays', async () => {
    const t = await startTestApp(kind, { applyShippedForms: true });
    try {
      const forms: Array<{ Name: string; FormId: number }> = await t.app.db('forms').whereIn('Name', shippedNames).orderBy('Name').select('Name', 'FormId');
      expect(forms.map((f) => f.Name)).toEqual(shippedNames);
      const fields = (await t.app.db('form_fields').where({ FormId: forms[2].FormId }).orderBy('SortOrder').select('StoredName')).map((r: { StoredName: string }) => r.StoredName);
      expect(fields).toEqual(['Title', 'StartsAt', 'EndsAt', 'Place', 'Status']);
      const statuses = (await t.app.db('simple_lookup_items as i').join('simple_lookup_tables as t', 't.SimpleLookupTableId', 'i.TableId')
        .where('t.SystemName', 'ScheduleStatus').orderBy('i.SortOrder').select('i.Name')).map((r: { Name: string }) => r.Name);
      expect(statuses).toEqual(['Scheduled', 'In progress', 'Done', 'Cancelled']);
      expect(await t.app.db('menu_items').where({ Name: 'Public Pages' }).count({ n: '*' }).first()).toEqual({ N: 1 });
      expect(await t.app.db('transfer_imports').count({ n: '*' }).first()).toEqual({ N: 1 });

      // The generic screens list them: the administrator opens the form's records as any built form's.
      const admin = await signIn(t.app);
      const list = await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${forms[0].FormId}/records` });
      expect(list.statusCode, list.body).toBe(200);

      // An administrator renames a form and removes a menu item: a second application (a restart) changes nothing.
      await t.app.db('forms').where({ FormId: forms[0].FormId }).update({ Name: 'Notices' });
      await t.app.db('menu_items').where({ Name: 'Schedule Items' }).delete();
      expect(await applyShippedDocuments(t.app)).toEqual([]);
      expect(await t.app.db('forms').where({ FormId: forms[0].FormId }).first('Name')).toEqual({ Name: 'Notices' });
      expect(await t.app.db('forms').where({ Name: 'Bulletins' }).first()).toBeUndefined();
      expect(await t.app.db('menu_items').where({ Name: 'Schedule Items' }).first()).toBeUndefined();
      expect(await t.app.db('transfer_imports').count({ n: '*' }).first()).toEqual({ N: 1 });
    } finally {
      await t.stop();
    }
  });

  it('two starts at once apply the document once (the import lock, and the row that says it was applied)', async () => {
    const t = await startTestApp(kind);
    try {
      const results = await Promise.all([applyShippedDocuments(t.app), applyShippedDocuments(t.app)]);
      expect(results.flat()).toEqual(['public-pages']);
      expect(await t.app.db('forms').whereIn('Name', shippedNames).count({ n: '*' }).first()).toEqual({ N: 3 });
      expect(await t.app.db('shipped_documents').select('Name')).toEqual([{ Name: 'public-pages' }]);
    } finally {
      await t.stop();
    }
  });

  it('an installation whose administrator made a form of the same name keeps it: the document is not forced on it', async () => {
    const t = await startTestApp(kind);
    try {
      const admin = await signIn(t.app);
      const made = await injectAs(t.app, admin, { method: 'POST', url: '/api/forms', payload: { Name: 'Bulletins', Description: 'Our own', CanHaveEav: false, IsCircleable: false, IsActive: true } });
      expect(made.statusCode, made.body).toBe(201);
      expect(await applyShippedDocuments(t.app)).toEqual([]);
      expect(await t.app.db('forms').where({ Name: 'Bulletins' }).first('Description')).toEqual({ Description: 'Our own' });
      expect(await t.app.db('forms').where({ Name: 'Schedule Items' }).first()).toBeUndefined();
      expect(await t.app.db('shipped_documents').first()).toBeUndefined();
    } finally {
      await t.stop();
    }
  });
});
