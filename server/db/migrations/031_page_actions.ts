import type { Knex } from 'knex';

/** The access page id of the user list (/user): the specification gives none, so this one is ours. */
export const userListPageId = 1;

/**
 * Page actions (spec 2 sections 3 and 6): the row and set actions of a list page, by access page id, and
 * the roles that are granted each. A grant of an action's parent also grants the action. The lists'
 * CircleAccess is made from these grants.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('page_actions', (t) => {
    t.increments('action_id').primary();
    t.integer('access_page_id').notNullable();
    t.string('scope', 10).notNullable(); // 'row' (DataRowActions) or 'set' (DataSetActions)
    t.string('type', 50).notNullable().defaultTo('button');
    t.string('url', 2000);
    t.string('button_text', 200).notNullable();
    t.string('action_name', 200).notNullable();
    t.string('column_css', 200);
    t.string('button_css', 200);
    t.integer('parent_action_id').references('action_id').inTable('page_actions').onDelete('set null');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.unique(['access_page_id', 'action_name']);
    t.index(['access_page_id', 'sort_order']);
  });
  await knex.raw("alter table page_actions add constraint page_actions_scope check (scope in ('row', 'set'))");
  await knex.schema.createTable('role_page_actions', (t) => {
    t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('cascade');
    t.integer('action_id').notNullable().references('action_id').inTable('page_actions').onDelete('cascade');
    t.primary(['role_id', 'action_id']);
    t.index(['action_id']);
  });

  // The user list: Edit and Delete on each row, opening the update and delete screens with the row id appended.
  const seeded = (await knex('page_actions').insert([
    { access_page_id: userListPageId, scope: 'row', type: 'button', url: '/user/update', button_text: 'Edit', action_name: 'UpdateUser', sort_order: 1 },
    { access_page_id: userListPageId, scope: 'row', type: 'button', url: '/user/delete', button_text: 'Delete', action_name: 'DeleteUser', button_css: 'error', sort_order: 2 },
  ]).returning('action_id')) as Array<{ action_id: number }>;
  await knex('role_page_actions').insert(seeded.map(({ action_id }) => ({ role_id: 1, action_id })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('role_page_actions');
  await knex.schema.dropTable('page_actions');
}
