import type { Knex } from 'knex';

/** What a menu item or a page opens of its screen (spec 2: a menu item's and a page's Action, from the action lookups). */
export const entryActionRows = [
  { entry_action_id: 1, name: 'List', description: 'The records, as a grid (the default).', sort_order: 1 },
  { entry_action_id: 2, name: 'Create', description: 'A blank form, to add a record at once.', sort_order: 2 },
];

/**
 * Actions become choices: a menu item's Action (new) and a page's (free text until now) name one of the entry actions,
 * which decide what a module link opens, the list or the create screen. A page's old text keeps its meaning where it
 * had one ('Index' and 'List' open the list, 'Create' the create screen); any other text named nothing the product
 * did and is cleared.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('entry_actions', (t) => {
    t.integer('entry_action_id').primary();
    t.string('name', 100).notNullable();
    t.string('description', 400);
    t.integer('sort_order').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex('entry_actions').insert(entryActionRows);
  await knex.raw(`alter table pages alter column action type integer using (case lower(trim(action))
    when 'index' then 1 when 'list' then 1 when 'create' then 2 else null end)`);
  await knex.raw('alter table pages add constraint pages_action_fk foreign key (action) references entry_actions (entry_action_id)');
  await knex.schema.alterTable('menu_items', (t) => {
    t.integer('action').references('entry_action_id').inTable('entry_actions');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('menu_items', (t) => t.dropColumn('action'));
  await knex.raw('alter table pages drop constraint pages_action_fk');
  await knex.raw(`alter table pages alter column action type varchar(100) using (case action when 1 then 'List' when 2 then 'Create' end)`);
  await knex.schema.dropTable('entry_actions');
}
