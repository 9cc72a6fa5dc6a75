import type { Knex } from 'knex';

/** The atomic circle every user and record belongs to until moved (it cannot be deleted or deactivated). */
export const defaultCircleId = 1;

function recordInfo(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.text('created_by');
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.text('modified_by');
  t.timestamp('modified_date', { useTz: true });
  t.text('deactivated_by');
  t.timestamp('deactivated_date', { useTz: true });
  t.integer('created_by_id').references('user_id').inTable('users').onDelete('SET NULL');
  t.integer('row_version').notNullable().defaultTo(1);
  t.uuid('key').notNullable().defaultTo(knex.raw('gen_random_uuid()'));
}

/**
 * Circles (spec 3 "Aggregate circles", issue 30): atomic circles own records and users; an aggregate circle groups
 * atomic circles (each in one aggregate at most: the column says so). A circle's roles and its explicit action
 * grants (Permissions) decide what its members may do with its records: an atomic circle's own when HasOwnRoles,
 * else its aggregate's. Membership: a user's owner circle, the circles they are added to, and every circle of an
 * aggregate they are added to, all read through the view circle_members, which the row condition of a list joins
 * by the user's id (an indexed semi-join: no list of ids is spliced into any statement, and no membership count caps it).
 *
 * Built forms get row actions of their own (Edit, Delete, Copy, Print) on an access page id of their own, each
 * standing for the form's route it opens (update, delete, create, read): a role's grant of the route is the grant
 * of the action, so the role editor stays the one place roles are given forms.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('aggregate_circles', (t) => {
    t.increments('aggregate_circle_id').primary();
    t.string('name', 200).notNullable();
    t.string('description', 1000);
    t.integer('owner_atomic_circle_id');
    t.boolean('is_active').notNullable().defaultTo(true);
    recordInfo(t, knex);
  });
  await knex.raw('create unique index aggregate_circles_name_unique on aggregate_circles (lower(name))');
  await knex.schema.createTable('atomic_circles', (t) => {
    t.increments('atomic_circle_id').primary();
    t.string('name', 200).notNullable();
    t.string('description', 1000);
    t.integer('aggregate_circle_id').references('aggregate_circle_id').inTable('aggregate_circles').onDelete('SET NULL');
    t.boolean('has_own_roles').notNullable().defaultTo(false);
    t.integer('owner_atomic_circle_id').references('atomic_circle_id').inTable('atomic_circles').onDelete('SET NULL');
    t.boolean('is_active').notNullable().defaultTo(true);
    recordInfo(t, knex);
    t.index(['aggregate_circle_id']);
  });
  await knex.raw('create unique index atomic_circles_name_unique on atomic_circles (lower(name))');
  await knex.raw(`alter table aggregate_circles add constraint aggregate_circles_owner_fk
    foreign key (owner_atomic_circle_id) references atomic_circles (atomic_circle_id) on delete set null`);
  await knex('atomic_circles').insert({
    atomic_circle_id: defaultCircleId, name: 'Default', description: 'Every user and record belongs here until moved to another circle.', created_by: 'system',
  });
  await knex.raw("select setval(pg_get_serial_sequence('atomic_circles', 'atomic_circle_id'), 1)");

  for (const kind of ['atomic', 'aggregate'] as const) {
    await knex.schema.createTable(`${kind}_circle_roles`, (t) => {
      t.integer(`${kind}_circle_id`).notNullable().references(`${kind}_circle_id`).inTable(`${kind}_circles`).onDelete('CASCADE');
      t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('CASCADE');
      t.primary([`${kind}_circle_id`, 'role_id']);
      t.index(['role_id']);
    });
    await knex.schema.createTable(`${kind}_circle_actions`, (t) => {
      t.integer(`${kind}_circle_id`).notNullable().references(`${kind}_circle_id`).inTable(`${kind}_circles`).onDelete('CASCADE');
      t.integer('action_id').notNullable().references('action_id').inTable('page_actions').onDelete('CASCADE');
      t.primary([`${kind}_circle_id`, 'action_id']);
      t.index(['action_id']);
    });
  }
  await knex.schema.createTable('user_circles', (t) => {
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
    t.integer('atomic_circle_id').notNullable().references('atomic_circle_id').inTable('atomic_circles').onDelete('CASCADE');
    t.primary(['user_id', 'atomic_circle_id']);
    t.index(['atomic_circle_id']);
  });
  await knex.schema.createTable('user_aggregate_circles', (t) => {
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
    t.integer('aggregate_circle_id').notNullable().references('aggregate_circle_id').inTable('aggregate_circles').onDelete('CASCADE');
    t.primary(['user_id', 'aggregate_circle_id']);
    t.index(['aggregate_circle_id']);
  });
  await knex.raw(`alter table users add column owner_atomic_circle_id integer not null default ${defaultCircleId}
    references atomic_circles (atomic_circle_id) on delete restrict`);
  await knex.raw('create index users_owner_atomic_circle on users (owner_atomic_circle_id, user_id)');

  // Who is in which active circle (a user may reach one circle by several ways: the view may repeat a pair).
  await knex.raw(`create view circle_members as
    select u.user_id, u.owner_atomic_circle_id as atomic_circle_id from users u
      join atomic_circles c on c.atomic_circle_id = u.owner_atomic_circle_id and c.is_active
    union all
    select uc.user_id, uc.atomic_circle_id from user_circles uc
      join atomic_circles c on c.atomic_circle_id = uc.atomic_circle_id and c.is_active
    union all
    select ua.user_id, c.atomic_circle_id from user_aggregate_circles ua
      join aggregate_circles g on g.aggregate_circle_id = ua.aggregate_circle_id and g.is_active
      join atomic_circles c on c.aggregate_circle_id = ua.aggregate_circle_id and c.is_active`);
  // The roles and explicit action grants in force for each atomic circle: its own, else its aggregate's.
  await knex.raw(`create view circle_roles as
    select c.atomic_circle_id, cr.role_id from atomic_circles c
      join atomic_circle_roles cr on cr.atomic_circle_id = c.atomic_circle_id where c.has_own_roles
    union all
    select c.atomic_circle_id, gr.role_id from atomic_circles c
      join aggregate_circle_roles gr on gr.aggregate_circle_id = c.aggregate_circle_id where not c.has_own_roles`);
  await knex.raw(`create view circle_actions as
    select c.atomic_circle_id, ca.action_id from atomic_circles c
      join atomic_circle_actions ca on ca.atomic_circle_id = c.atomic_circle_id where c.has_own_roles
    union all
    select c.atomic_circle_id, ga.action_id from atomic_circles c
      join aggregate_circle_actions ga on ga.aggregate_circle_id = c.aggregate_circle_id where not c.has_own_roles`);

  // Built forms' row actions: each on the form's access page, standing for one of its routes.
  await knex.raw('create sequence access_page_ids start with 1000');
  await knex.raw("alter table forms add column access_page_id integer not null default nextval('access_page_ids')");
  await knex.raw('alter table forms add constraint forms_access_page_id_unique unique (access_page_id)');
  await knex.schema.alterTable('page_actions', (t) => {
    t.integer('form_id').references('form_id').inTable('forms').onDelete('CASCADE');
    t.string('route_kind', 10);
    // A shipped list's action stands for the route node it opens: holding the node is the grant (the role editor's).
    t.string('route_name', 200);
  });
  const shippedRoutes: Array<[string, string]> = [['UpdateUser', 'users.update'], ['DeleteUser', 'users.delete'], ['CopyPage', 'pages.create'], ['UpdatePage', 'pages.update'], ['DeletePage', 'pages.delete']];
  for (const [actionName, routeName] of shippedRoutes) await knex('page_actions').whereNull('form_id').where({ action_name: actionName }).update({ route_name: routeName });
  await knex.raw("alter table page_actions add constraint page_actions_route_kind check (route_kind in ('read', 'create', 'update', 'delete'))");
  // A trigger, so a form made by any path (its screen, Build a Form, an import, a reserved form's setup) has them.
  await knex.raw(`create function add_built_form_actions() returns trigger language plpgsql as $$
    begin
      insert into page_actions (access_page_id, form_id, route_kind, scope, type, button_text, action_name, button_css, sort_order) values
        (new.access_page_id, new.form_id, 'update', 'row', 'button', 'Edit', 'Edit', null, 1),
        (new.access_page_id, new.form_id, 'delete', 'row', 'button', 'Delete', 'Delete', 'error', 2),
        (new.access_page_id, new.form_id, 'create', 'row', 'button', 'Copy', 'Copy', null, 3),
        (new.access_page_id, new.form_id, 'read', 'row', 'button', 'Print', 'Print', null, 4);
      return null;
    end $$`);
  await knex.raw('create trigger forms_built_form_actions after insert on forms for each row when (new.source is null) execute function add_built_form_actions()');
  const forms: Array<{ form_id: number; access_page_id: number }> = await knex('forms').whereNull('source').select('form_id', 'access_page_id');
  await knex.raw(`insert into page_actions (access_page_id, form_id, route_kind, scope, type, button_text, action_name, button_css, sort_order)
    select f.access_page_id, f.form_id, a.route_kind, 'row', 'button', a.name, a.name, a.css, a.sort_order
    from forms f cross join (values ('update', 'Edit', null, 1), ('delete', 'Delete', 'error', 2), ('create', 'Copy', null, 3), ('read', 'Print', null, 4))
      as a (route_kind, name, css, sort_order)
    where f.source is null`);

  // Every record of a built form belongs to an atomic circle (the Default one until moved).
  for (const { form_id: formId } of forms) {
    const table = `form_records_${formId}`;
    const { rows } = await knex.raw('select to_regclass(?) as found', [table]);
    if (!rows[0].found) continue;
    await addRecordCircleColumn(knex, table);
  }
}

/** The circle column of a record table, with the index its row condition and moves use. */
export async function addRecordCircleColumn(knex: Knex, table: string): Promise<void> {
  await knex.raw(`alter table ?? add column atomic_circle_id integer not null default ${defaultCircleId}
    references atomic_circles (atomic_circle_id) on delete restrict`, [table]);
  await knex.raw('create index ?? on ?? (atomic_circle_id, record_id)', [`${table}_atomic_circle_id`, table]);
}

export async function down(knex: Knex): Promise<void> {
  const forms: Array<{ form_id: number }> = await knex('forms').whereNull('source').select('form_id');
  for (const { form_id: formId } of forms) await knex.raw('alter table if exists ?? drop column if exists atomic_circle_id', [`form_records_${formId}`]);
  await knex.raw('drop trigger forms_built_form_actions on forms');
  await knex.raw('drop function add_built_form_actions()');
  await knex('page_actions').whereNotNull('form_id').delete();
  await knex.schema.alterTable('page_actions', (t) => {
    t.dropColumn('form_id');
    t.dropColumn('route_kind');
    t.dropColumn('route_name');
  });
  await knex.raw('alter table forms drop column access_page_id');
  await knex.raw('drop sequence access_page_ids');
  for (const view of ['circle_actions', 'circle_roles', 'circle_members']) await knex.raw(`drop view ${view}`);
  await knex.raw('alter table users drop column owner_atomic_circle_id');
  for (const table of ['user_aggregate_circles', 'user_circles', 'aggregate_circle_actions', 'aggregate_circle_roles', 'atomic_circle_actions', 'atomic_circle_roles']) await knex.schema.dropTable(table);
  await knex.raw('alter table aggregate_circles drop constraint aggregate_circles_owner_fk');
  await knex.schema.dropTable('atomic_circles');
  await knex.schema.dropTable('aggregate_circles');
}
