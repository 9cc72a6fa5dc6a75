import type { Knex } from 'knex';

/** The modules of spec 1 section 6, and role 1, the default system administrator role, holding all of them. */
export const moduleNames = [
  ['LookupTableManager', 'Lookup Table Manager'],
  ['MenuItem', 'Menu Items'],
  ['RegisterUser', 'Users'],
  ['ReportModule', 'Reports'],
  ['RequestPasswordReset', 'Request Password Reset'],
  ['SimpleLookup', 'Simple Lookups'],
  ['UserDefinedFields', 'User-Defined Fields'],
  ['Role', 'Roles'],
  ['WidgetManager', 'Widget Manager'],
  ['FormManagement', 'Form Management'],
  ['FormField', 'Form Fields'],
  ['PageField', 'Page Fields'],
  ['AggregateCircleManagement', 'Aggregate Circle Management'],
  ['MyAccount', 'My Account'],
  ['ApplicationSettings', 'Application Settings'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex('modules').insert(moduleNames.map(([name, label]) => ({ name, label, allow_view_all_records: true })));
  await knex('roles').insert({
    role_id: 1,
    name: 'System Administrator',
    description: 'The default system administrator role.',
    is_admin: true,
    created_by: 'system',
  });
  await knex.raw("select setval(pg_get_serial_sequence('roles', 'role_id'), 1)");
  await knex.raw('insert into role_modules (role_id, module_id, has_access, view_all_records) select 1, module_id, true, true from modules');
}

export async function down(knex: Knex): Promise<void> {
  await knex('role_modules').where({ role_id: 1 }).delete();
  await knex('roles').where({ role_id: 1 }).delete();
  await knex('modules').delete();
}
