import type { Knex } from 'knex';

/**
 * The one evaluator of access (DESIGN "Access is one evaluator"). Per node, user_node_access (migration 070)
 * answers what the user's active roles give unless the user's override says otherwise; a child node counts
 * only under a module the user holds; the master user holds everything. These fragments are written against
 * the session check's `u` (users) row, so the request's one round trip answers the module, the route node,
 * 'View All Records', the fields to hide and the fields to show read-only, and nothing is cached that an administrator's
 * change could outlive. A field is named by its form field's current name (a rename moves no grant), and a field whose
 * node is retired (deactivated, a UDF out of its dates) stays hidden from whoever does not hold it: its values are
 * still stored, and History and exports must not show them.
 */
export function routeAccessJoin(db: Knex, moduleName: Knex.Value, routeName: Knex.Value): Knex.Raw {
  return db.raw(`left join lateral (
      select
        (u.is_master or coalesce(ma.has_access, false)) as holds_module,
        (u.is_master or ?::text is null or coalesce(ma.has_access, false) and coalesce((
          select ra.has_access from permission_nodes rn cross join lateral user_node_access(u.user_id, rn.node_id) ra
          where rn.parent_node_id = mn.node_id and rn.type = 'route' and rn.name = ? and not rn.is_retired), false)) as holds_route,
        (u.is_master or not mm.allow_view_all_records or coalesce(ma.view_all_records, false)) as view_all_records,
        coalesce(fields.denied, '{}') as denied_fields,
        coalesce(fields.read_only, '{}') as read_only_fields
      from permission_nodes mn
      join modules mm on mm.module_id = mn.module_id
      -- The master user holds everything: nothing to evaluate.
      left join lateral (select * from user_node_access(u.user_id, mn.node_id) where not u.is_master) ma on true
      -- Each field node evaluated once: hidden when not held (retired ones too), read-only when held read-only.
      left join lateral (
        select array_agg(f.name order by f.name) filter (where not f.has_access) as denied,
               array_agg(f.name order by f.name) filter (where f.has_access and f.read_only and not f.is_retired) as read_only
        from (select coalesce(ff.stored_name, fn.name) as name, fn.is_retired, fa.has_access, fa.read_only
              from permission_nodes fn
              left join form_fields ff on ff.form_field_id = fn.form_field_id
              cross join lateral user_node_access(u.user_id, fn.node_id) fa
              where fn.parent_node_id = mn.node_id and fn.type = 'field' and not u.is_master) f) fields on true
      where mn.type = 'module' and mn.name = ?) acc on true`, [routeName, routeName, moduleName]);
}

export interface ModuleAccess {
  holdsModule: boolean;
  holdsRoute: boolean;
  viewAllRecords: boolean;
  deniedFields: string[];
  readOnlyFields: string[];
}

/** The same evaluation for one user outside a request's session check (the access calls, the route table). */
export async function moduleAccessOf(db: Knex, userId: number, moduleName: string, routeName: string | null = null): Promise<ModuleAccess> {
  const { rows } = await db.raw(`select coalesce(acc.holds_module, false) as holds_module, coalesce(acc.holds_route, false) as holds_route,
      coalesce(acc.view_all_records, false) as view_all_records, coalesce(acc.denied_fields, '{}') as denied_fields,
      coalesce(acc.read_only_fields, '{}') as read_only_fields
    from users u ? where u.user_id = ?`, [routeAccessJoin(db, moduleName, routeName), userId]);
  const row = rows[0];
  if (!row) return { holdsModule: false, holdsRoute: false, viewAllRecords: false, deniedFields: [], readOnlyFields: [] };
  return { holdsModule: row.HoldsModule, holdsRoute: row.HoldsRoute, viewAllRecords: row.ViewAllRecords, deniedFields: row.DeniedFields, readOnlyFields: row.ReadOnlyFields };
}

/** Every node the user holds, by module: the route table and menu are built from it. */
export async function heldModuleNames(db: Knex, user: { UserId: number; IsMaster: boolean }): Promise<Set<string>> {
  const { rows } = await db.raw(`select n.name from permission_nodes n
    where n.type = 'module' and (?::boolean or exists (select 1 from user_node_access(?, n.node_id) a where a.has_access))`,
  [user.IsMaster, user.UserId]);
  return new Set((rows as Array<{ Name: string }>).map((r) => r.Name));
}

/** The route nodes the user holds (names like 'users.create'), under modules the user holds. */
export async function heldRouteNames(db: Knex, user: { UserId: number; IsMaster: boolean }): Promise<Set<string>> {
  const { rows } = await db.raw(`select rn.name from permission_nodes rn join permission_nodes mn on mn.node_id = rn.parent_node_id
    where rn.type = 'route' and not rn.is_retired and (?::boolean or (
      exists (select 1 from user_node_access(?, mn.node_id) a where a.has_access)
      and exists (select 1 from user_node_access(?, rn.node_id) a where a.has_access)))`,
  [user.IsMaster, user.UserId, user.UserId]);
  return new Set((rows as Array<{ Name: string }>).map((r) => r.Name));
}
