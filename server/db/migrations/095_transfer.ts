import type { Knex } from 'knex';

/** The module link this migration adds to the seeded menu (094), on the first tier after Page Fields (110). */
export const transferMenuItem = { name: 'Application Transfer', after: 'Page Fields', sortOrder: 115 } as const;

/**
 * Moving what was built (issue 13): the module that exports and imports built applications, in the menu beside
 * Form Management, and one row per import with the definitions it wrote as they were before and after, so it can be
 * rolled back exactly (or refused when that is no longer possible).
 */
export async function up(knex: Knex): Promise<void> {
  const category = await knex('permission_categories').where({ name: 'LowCode' }).first('category_id');
  const [{ module_id: moduleId }] = await knex('modules')
    .insert({ name: 'ApplicationTransfer', label: 'Application Transfer', allow_view_all_records: false, category_id: category?.category_id ?? null, sort_order: 10 })
    .returning('module_id');
  await knex('permission_nodes').insert({ type: 'module', module_id: moduleId, name: 'ApplicationTransfer', label: 'Application Transfer' });
  await knex('menu_items').insert({ name: transferMenuItem.name, menu_item_type_id: 2, module_id: moduleId, sort_order: transferMenuItem.sortOrder, created_by: 'system' });

  await knex.schema.createTable('transfer_imports', (t) => {
    t.increments('import_id').primary();
    t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('imported_by');
    t.integer('imported_by_id').references('user_id').inTable('users').onDelete('SET NULL');
    t.string('file_name', 260);
    // What the preview listed (each thing created, changed or unchanged), and the document itself.
    t.jsonb('summary').notNullable();
    t.jsonb('document').notNullable();
    // The ids the document named after the import, and those rows before and after it (server/modules/transfer/snapshot.ts).
    t.jsonb('scope').notNullable();
    t.jsonb('before').notNullable();
    t.jsonb('after').notNullable();
    t.timestamp('rolled_back_at', { useTz: true });
    t.text('rolled_back_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('transfer_imports');
  await knex('menu_items').whereIn('module_id', knex('modules').where({ name: 'ApplicationTransfer' }).select('module_id')).delete();
  await knex('modules').where({ name: 'ApplicationTransfer' }).delete();
}
