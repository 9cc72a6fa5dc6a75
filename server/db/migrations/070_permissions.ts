import type { Knex } from 'knex';

/** Where each module of the product is listed in the module access editor (spec 3 "Category"). */
export const moduleCategories: Array<[name: string, title: string, modules: string[]]> = [
  ['Administration', 'Users and Access', ['RegisterUser', 'Role', 'SessionManagement', 'MailOutbox', 'AggregateCircleManagement']],
  ['LowCode', 'Forms and Lookups', ['FormManagement', 'FormField', 'UserDefinedFields', 'LookupTableManager', 'SimpleLookup']],
  ['Navigation', 'Menus, Pages and Widgets', ['MenuItem', 'PageField', 'WidgetManager']],
  ['Reporting', 'Reports', ['ReportModule']],
  ['Account', 'Your Account', ['MyAccount', 'RequestPasswordReset']],
  ['Settings', 'Settings', ['ApplicationSettings']],
];

/**
 * Permissions as one tree of nodes (spec 3 "Permission node"): a node per module, and under it route and
 * field nodes, which the server derives from the screen documents at start (server/modules/access/
 * permission-nodes.ts). Roles grant nodes (role_permissions, which takes over role_modules); a user's
 * overrides replace a role's answer per node (user_permissions). Role 1, the default system administrator
 * role, holds every node without rows (role_grants), so new modules and forms are its at once.
 * A record's owner (created_by_id) is what 'View All Records' is measured against.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('permission_categories', (t) => {
    t.increments('category_id').primary();
    t.integer('parent_category_id').references('category_id').inTable('permission_categories');
    t.string('name', 100).notNullable().unique();
    t.string('title', 200).notNullable();
    t.integer('display_order').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('modules', (t) => {
    t.integer('category_id').references('category_id').inTable('permission_categories');
    t.integer('sort_order').notNullable().defaultTo(0);
  });
  for (const [i, [name, title, modules]] of moduleCategories.entries()) {
    const [{ category_id }] = await knex('permission_categories').insert({ name, title, display_order: i + 1 }).returning('category_id');
    for (const [j, module] of modules.entries()) await knex('modules').where({ name: module }).update({ category_id, sort_order: j + 1 });
  }

  // 'View All Records' means something only where records have owners: not for the account pages, settings or roles.
  await knex('modules').whereIn('name', ['MyAccount', 'RequestPasswordReset', 'ApplicationSettings', 'Role']).update({ allow_view_all_records: false });

  await knex.schema.createTable('permission_nodes', (t) => {
    t.increments('node_id').primary();
    t.string('type', 10).notNullable();
    t.integer('module_id').notNullable().references('module_id').inTable('modules').onDelete('cascade');
    t.integer('parent_node_id').references('node_id').inTable('permission_nodes').onDelete('cascade');
    t.string('name', 200).notNullable();
    t.string('label', 300).notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('allow_use').notNullable().defaultTo(true);
    // A node the metadata no longer derives: kept with its grants (it may come back), shown and enforced nowhere.
    t.boolean('is_retired').notNullable().defaultTo(false);
    t.unique(['module_id', 'type', 'name']);
    t.index(['parent_node_id']);
    t.index(['name', 'type']);
  });
  await knex.raw("alter table permission_nodes add constraint permission_nodes_type check (type in ('module', 'route', 'field'))");
  await knex.raw("alter table permission_nodes add constraint permission_nodes_parent check ((type = 'module') = (parent_node_id is null))");
  await knex.raw(`insert into permission_nodes (type, module_id, name, label, sort_order)
    select 'module', module_id, name, label, sort_order from modules`);

  await knex.schema.createTable('role_permissions', (t) => {
    t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('cascade');
    t.integer('node_id').notNullable().references('node_id').inTable('permission_nodes').onDelete('cascade');
    t.boolean('has_access').notNullable().defaultTo(true);
    t.boolean('view_all_records').notNullable().defaultTo(false);
    t.primary(['role_id', 'node_id']);
    t.index(['node_id']);
  });
  await knex.raw(`insert into role_permissions (role_id, node_id, has_access, view_all_records)
    select rm.role_id, n.node_id, rm.has_access, rm.view_all_records
    from role_modules rm join permission_nodes n on n.module_id = rm.module_id and n.type = 'module'
    where rm.role_id <> 1`);
  await knex.schema.dropTable('role_modules');

  await knex.schema.createTable('user_permissions', (t) => {
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.integer('node_id').notNullable().references('node_id').inTable('permission_nodes').onDelete('cascade');
    t.boolean('override_has_access').notNullable().defaultTo(false);
    t.boolean('has_access').notNullable().defaultTo(false);
    t.boolean('override_view_all_records').notNullable().defaultTo(false);
    t.boolean('view_all_records').notNullable().defaultTo(false);
    t.primary(['user_id', 'node_id']);
  });

  await knex.raw(`create view role_grants as
    select role_id, node_id, has_access, view_all_records from role_permissions where role_id <> 1
    union all
    select 1, node_id, true, true from permission_nodes`);

  // One node's access for one user: what the user's active roles give (role 1 every node), unless the user's
  // override says otherwise. Driven from the user's few roles, each probing role_permissions by its key, so its
  // cost follows the roles the user holds, not how many roles grant the node. A plain SQL function, so the
  // planner inlines it into the request's session check.
  await knex.raw(`create function user_node_access(p_user_id integer, p_node_id integer)
    returns table (has_access boolean, view_all_records boolean, from_override boolean)
    language sql stable as $$
      select coalesce(case when up.override_has_access then up.has_access end, g.has_access, false),
             coalesce(case when up.override_view_all_records then up.view_all_records end, g.view_all_records, false),
             coalesce(up.override_has_access or up.override_view_all_records, false)
      from (select bool_or(r.role_id = 1 or rp.has_access) as has_access,
                   bool_or(r.role_id = 1 or rp.has_access and rp.view_all_records) as view_all_records
            from user_roles ur
            join roles r on r.role_id = ur.role_id and r.is_active
            left join role_permissions rp on rp.role_id = r.role_id and rp.node_id = p_node_id
            where ur.user_id = p_user_id) g
      left join user_permissions up on up.user_id = p_user_id and up.node_id = p_node_id
    $$`);

  await knex.schema.alterTable('users', (t) => {
    t.integer('created_by_id').references('user_id').inTable('users').onDelete('set null');
  });
  await knex.raw('update users u set created_by_id = c.user_id from users c where lower(c.user_name) = lower(u.created_by)');
  // A restricted user's list walks their own rows in each sortable column's order, and counts them, from these
  // indexes: the user list's order indexes (migration 020), each led by the owner.
  // Each carries is_active, so counting a user's own active rows reads the index alone, not a heap page per row.
  for (const column of ['last_name', 'first_name', 'email_address']) {
    await knex.raw(`create index users_owner_${column}_order on users (created_by_id, ${column}, user_id) include (is_active)`);
  }
  await knex.raw('create index user_roles_role_id on user_roles (role_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function user_node_access(integer, integer)');
  await knex.raw('drop view role_grants');
  await knex.schema.alterTable('users', (t) => t.dropColumn('created_by_id'));
  await knex.schema.dropTable('user_permissions');
  await knex.schema.createTable('role_modules', (t) => {
    t.integer('role_id').notNullable().references('role_id').inTable('roles').onDelete('cascade');
    t.integer('module_id').notNullable().references('module_id').inTable('modules').onDelete('cascade');
    t.boolean('has_access').notNullable().defaultTo(true);
    t.boolean('view_all_records').notNullable().defaultTo(false);
    t.primary(['role_id', 'module_id']);
  });
  await knex.schema.dropTable('role_permissions');
  await knex.schema.dropTable('permission_nodes');
  await knex.schema.alterTable('modules', (t) => {
    t.dropColumn('category_id');
    t.dropColumn('sort_order');
  });
  await knex.schema.dropTable('permission_categories');
}
