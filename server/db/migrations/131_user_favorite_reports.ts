import type { Knex } from 'knex';

/** Issue 31: a user's saved parameter values for a report, by name (spec 3 "Favorite report"). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_favorite_reports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('report_id').notNullable().references('report_id').inTable('reports').onDelete('cascade');
    t.string('name', 200).notNullable();
    t.jsonb('params').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'report_id', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_favorite_reports');
}
