import type { FastifyInstance } from 'fastify';

/** The definition tables an import may write, keyed, and the columns of every record table: what must come back exactly. */
const tables: Array<[string, string[]]> = [
  ['roles', ['role_id']], ['forms', ['form_id']], ['form_fields', ['form_field_id']], ['form_revisions', ['form_revision_id']],
  ['simple_lookup_tables', ['simple_lookup_table_id']], ['simple_lookup_items', ['simple_lookup_item_id']], ['pages', ['page_id']],
  ['page_fields', ['page_field_id']], ['modules', ['module_id']], ['permission_nodes', ['node_id']], ['menu_items', ['menu_item_id']],
  ['role_permissions', ['role_id', 'node_id']],
];

/** Every row of those tables, and the record tables' columns, as PostgreSQL's own JSON. */
export async function dump(app: FastifyInstance): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [table, key] of tables) {
    out[table] = (await app.db.raw(`select to_jsonb(t)::text as "row" from ?? t order by ${key.join(', ')}`, [table])).rows.map((r: { Row: string }) => r.Row);
  }
  out.recordTables = (await app.db.raw(`select table_name, column_name, data_type from information_schema.columns
    where table_name like 'form_records_%' order by table_name, ordinal_position`)).rows;
  return out;
}
