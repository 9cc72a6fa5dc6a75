import type { Knex } from 'knex';

/** Modules guarding session administration and the mail outbox; role 1 (system administrator) holds both. */
const added = [
  ['SessionManagement', 'Session Management'],
  ['MailOutbox', 'Mail Outbox'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex('modules').insert(added.map(([name, label]) => ({ name, label, allow_view_all_records: false })));
  await knex.raw(
    'insert into role_modules (role_id, module_id, has_access, view_all_records) select 1, module_id, true, false from modules where name in (?, ?)',
    added.map(([name]) => name),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('modules').whereIn('name', added.map(([name]) => name)).delete();
}
