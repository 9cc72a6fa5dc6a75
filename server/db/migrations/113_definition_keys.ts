import type { Knex } from 'knex';

/**
 * Every definition an Application Transfer moves carries a stable key made when it is created (a UUID), the same on
 * every installation it reaches: ids differ between installations and names change, so an import finds the
 * target's form, field, list, item, page, page field, menu item or role by its key and a rename on the source
 * arrives as a rename (issue 27 finding 11). Rows that exist get a key of their own; nothing else changes.
 */
export const keyedTables = ['forms', 'form_fields', 'simple_lookup_tables', 'simple_lookup_items', 'pages', 'page_fields', 'menu_items', 'roles'];

export async function up(knex: Knex): Promise<void> {
  for (const table of keyedTables) {
    // A volatile default is evaluated per row: every existing row gets its own key (PGlite has gen_random_uuid too).
    await knex.raw('alter table ?? add column "key" uuid not null default gen_random_uuid()', [table]);
    await knex.raw('alter table ?? add constraint ?? unique ("key")', [table, `${table}_key_unique`]);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of keyedTables) await knex.raw('alter table ?? drop column "key"', [table]);
}
