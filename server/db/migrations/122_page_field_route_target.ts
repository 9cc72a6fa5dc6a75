import type { Knex } from 'knex';

/**
 * Issue 29 (spec 2 "Page field": Route, Url, Target): a page field may carry a route of its own and the tab it opens
 * in, as a page does. Url is derived from Route by the server (first '/' replaced by '#'), so it is not stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('page_fields', (t) => {
    t.string('route', 200);
    t.string('target', 7).notNullable().defaultTo('self');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('page_fields', (t) => {
    t.dropColumn('route');
    t.dropColumn('target');
  });
}
