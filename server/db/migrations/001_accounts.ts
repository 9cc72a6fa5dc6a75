import type { Knex } from 'knex';

/** Users, roles, modules and the ties between them. Migrations name columns as the database has them (snake_case);
 * they run on a knex without the wire-name mapping, since knex's own migration bookkeeping must not be renamed. */
export async function up(knex: Knex): Promise<void> {
  const audit = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('created_by', 200);
    t.timestamp('modified_date', { useTz: true });
    t.string('modified_by', 200);
    t.timestamp('deactivated_date', { useTz: true });
    t.string('deactivated_by', 200);
  };
  await knex.schema.createTable('users', (t) => {
    t.increments('user_id').primary();
    t.string('user_name', 200).notNullable();
    t.string('first_name', 200).notNullable();
    t.string('last_name', 200).notNullable();
    t.string('email_address', 200).notNullable();
    t.text('password_hash');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_master').notNullable().defaultTo(false);
    t.boolean('must_change_password').notNullable().defaultTo(true);
    t.timestamp('activation_date', { useTz: true });
    t.timestamp('last_login', { useTz: true });
    t.timestamp('password_last_changed_date', { useTz: true });
    audit(t);
  });
  await knex.raw('create unique index users_user_name_unique on users (lower(user_name))');
  await knex.schema.createTable('roles', (t) => {
    t.increments('role_id').primary();
    t.string('name', 200).notNullable();
    t.string('description', 1000);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.boolean('is_avail_self_reg').notNullable().defaultTo(false);
    t.integer('user_count_limit').notNullable().defaultTo(0);
    t.integer('max_number_of_concurrent_users').notNullable().defaultTo(0);
    audit(t);
  });
  await knex.raw('create unique index roles_name_unique on roles (lower(name))');
  await knex.schema.createTable('modules', (t) => {
    t.increments('module_id').primary();
    t.string('name', 100).notNullable().unique();
    t.string('label', 200).notNullable();
    t.boolean('allow_view_all_records').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('role_modules', (t) => {
    t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('cascade');
    t.integer('module_id').notNullable().references('module_id').inTable('modules').onDelete('cascade');
    t.boolean('has_access').notNullable().defaultTo(true);
    t.boolean('view_all_records').notNullable().defaultTo(false);
    t.primary(['role_id', 'module_id']);
  });
  await knex.schema.createTable('user_roles', (t) => {
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('cascade');
    t.primary(['user_id', 'role_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_roles', 'role_modules', 'modules', 'roles', 'users']) await knex.schema.dropTable(table);
}
