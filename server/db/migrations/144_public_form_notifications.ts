import type { Knex } from 'knex';

/**
 * Issue 32: who a public form's new record is e-mailed to ('none', 'contactAddress': the client settings' contact
 * address as it stands when the record comes, or 'address': notify_address), and the offered e-mail field the visitor
 * is sent a confirmation at (by field id, so a rename keeps it; null: none). The confirmation repeats nothing typed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('public_forms', (t) => {
    t.string('notify_to', 20).notNullable().defaultTo('none');
    t.string('notify_address', 254);
    t.integer('confirm_field_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('public_forms', (t) => {
    t.dropColumn('notify_to');
    t.dropColumn('notify_address');
    t.dropColumn('confirm_field_id');
  });
}
