import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { down, keyedTables, up } from '../../server/db/migrations/113_definition_keys.ts';
import { databases, signIn, useTestApp } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

const ids: Record<string, string> = {
  forms: 'form_id', form_fields: 'form_field_id', simple_lookup_tables: 'simple_lookup_table_id', simple_lookup_items: 'simple_lookup_item_id',
  pages: 'page_id', page_fields: 'page_field_id', menu_items: 'menu_item_id', roles: 'role_id',
};

/** Every row of the keyed tables without its key, as PostgreSQL's own JSON. */
async function rowsWithoutKey(app: FastifyInstance): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of keyedTables) {
    out[table] = (await app.db.raw(`select (to_jsonb(t) - 'key')::text as "row" from ?? t order by ??`, [table, ids[table]])).rows.map((r: { Row: string }) => r.Row);
  }
  return out;
}

/**
 * Migration 113 on an installation that already holds definitions (as today's main makes it: no key columns): every
 * row keeps all it had and gets a key of its own, unique; new rows get one too.
 */
describe.each(databases)('definition keys are added to an installation holding definitions, losing nothing, on %s', (kind) => {
  const holder = useTestApp(kind);

  it('gives every existing form, field, list, item, page, page field, menu item and role its own key and changes nothing else', async () => {
    const { app } = holder;
    const admin = await signIn(app);
    const post = async (url: string, payload: object) => {
      const res = await injectLocked(app, admin, { method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const listId = (await post('/api/lookup-tables', { SystemName: 'Shift', DisplayName: 'Shift', Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId;
    for (const Name of ['Day', 'Night']) await post(`/api/simple-lookups/${listId}/items`, { Name, Description: null, IsActive: true });
    const FormId = (await post('/api/forms', { Name: 'Handover', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId, Name: 'Shift', ReportLabelText: 'Shift', FieldType: 'selectOne', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { lookupListId: listId } });
    await post('/api/formfields', { FormId, Name: 'Remark', ReportLabelText: null, FieldType: 'text', IsUdf: true, IsActive: true, StartDate: '2020-01-01', EndDate: null, AttributeValues: {} });
    const PageId = (await post('/api/pages', { Name: 'Handovers', Description: null, PermissionsDisplayName: 'Handovers', FormId, ParentPageId: null, Controller: null, ViewPath: null, Route: '/handovers', Action: null, Target: 'self', IsActive: true })).PageId;
    await post('/api/pagefields', { PageId, Name: 'Notice', FieldType: 'text', IsActive: true, SortOrder: 1, AttributeValues: {} });
    await post('/api/roles', { Name: 'Shift Lead', Description: null, IsActive: true });

    await down(app.db);
    for (const table of keyedTables) {
      const { rows } = await app.db.raw("select count(*)::int as n from information_schema.columns where table_name = ? and column_name = 'key'", [table]);
      expect(rows[0].N, table).toBe(0);
    }
    const before = await rowsWithoutKey(app);
    for (const table of keyedTables) expect(before[table].length, table).toBeGreaterThan(0);

    await up(app.db);
    expect(await rowsWithoutKey(app)).toEqual(before);
    for (const table of keyedTables) {
      const { rows: [counts] } = await app.db.raw('select count(*)::int as "rows", count(distinct "key")::int as "keys", count("key")::int as "set" from ??', [table]);
      expect(counts, table).toEqual({ Rows: before[table].length, Keys: before[table].length, Set: before[table].length });
    }
    // A row made after gets its key; no two rows share one.
    await post(`/api/simple-lookups/${listId}/items`, { Name: 'Late', Description: null, IsActive: true });
    const { Key } = await app.db('simple_lookup_items').where({ Name: 'Late' }).first('Key');
    expect(Key).toMatch(/^[0-9a-f-]{36}$/);
    await expect(app.db('simple_lookup_items').where({ Name: 'Day' }).update({ Key })).rejects.toThrow(/unique|duplicate/i);
  });
});
