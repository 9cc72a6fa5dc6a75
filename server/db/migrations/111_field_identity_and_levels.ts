import type { Knex } from 'knex';

/**
 * A field is known by its id, not its name (DESIGN "Ids are identity, names are labels"), and field access has
 * levels (spec 2 section 6: a permission "enables or disables a field"):
 * - permission_nodes.form_field_id ties a built field's node to its form field: a rename relabels the node and
 *   moves no grant. Existing nodes are adopted by name at the next sync (server start), which sees every composed
 *   screen; a node's name then follows the field's. The unique names per module become deferrable (see below).
 * - role_permissions.read_only and user_permissions.read_only: a granted field is editable or read-only (shown,
 *   refused on write). A user's override of has_access carries its level too.
 * - user_node_access answers read_only beside has_access: read-only when every active role that grants the node
 *   grants it read-only (the most a role gives wins), or when the user's override says so.
 * - audit entries of built fields name the field's id beside its name (FieldId), so History shows a change under
 *   the field's current name and hides it by the field's current node. Entries written before are given their ids
 *   from the form's revisions: a name maps to the field that carried it when the entry was written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table permission_nodes add column form_field_id integer');
  await knex.raw('create unique index permission_nodes_form_field on permission_nodes (parent_node_id, form_field_id) where form_field_id is not null');
  // A node's name follows its field's; an import's rollback puts names back row by row, so the names are checked
  // unique at the end of its transaction (it defers them), not at each row.
  await knex.raw('alter table permission_nodes drop constraint permission_nodes_module_id_type_name_unique');
  await knex.raw('alter table permission_nodes add constraint permission_nodes_module_id_type_name_unique unique (module_id, type, name) deferrable initially immediate');
  await knex.raw('alter table role_permissions add column read_only boolean not null default false');
  await knex.raw('alter table user_permissions add column read_only boolean not null default false');
  await knex.raw('drop view role_grants');
  await knex.raw(`create view role_grants as
    select role_id, node_id, has_access, view_all_records, read_only from role_permissions where role_id <> 1
    union all
    select 1, node_id, true, true, false from permission_nodes`);
  await knex.raw('drop function user_node_access(integer, integer)');
  await knex.raw(`create function user_node_access(p_user_id integer, p_node_id integer)
    returns table (has_access boolean, view_all_records boolean, from_override boolean, read_only boolean)
    language sql stable as $$
      select coalesce(case when up.override_has_access then up.has_access end, g.has_access, false),
             coalesce(case when up.override_view_all_records then up.view_all_records end, g.view_all_records, false),
             coalesce(up.override_has_access or up.override_view_all_records, false),
             coalesce(case when up.override_has_access then up.has_access and up.read_only end, g.has_access and not g.editable, false)
      from (select bool_or(r.role_id = 1 or rp.has_access) as has_access,
                   bool_or(r.role_id = 1 or rp.has_access and rp.view_all_records) as view_all_records,
                   bool_or(r.role_id = 1 or rp.has_access and not rp.read_only) as editable
            from user_roles ur
            join roles r on r.role_id = ur.role_id and r.is_active
            left join role_permissions rp on rp.role_id = r.role_id and rp.node_id = p_node_id
            where ur.user_id = p_user_id) g
      left join user_permissions up on up.user_id = p_user_id and up.node_id = p_node_id
    $$`);
  await auditEntriesByFieldId(knex);
}

interface RevisionFields { at: number; byName: Map<string, number> }
type Change = { Field: string; Old: unknown; New: unknown; FieldId?: number };

/** Gives each audited change of a built field the id of the field that carried its name when it was written. */
export async function auditEntriesByFieldId(knex: Knex): Promise<void> {
  const forms: Array<{ form_id: number; source: string | null; table_name: string | null }> = await knex('forms').select('form_id', 'source', 'table_name');
  for (const form of forms) {
    // A built form's screen is form-<id>; a reserved form's UDFs are audited under its shipped screen's id.
    const entity = form.source ? (form.table_name ? form.source : null) : `form-${form.form_id}`;
    if (!entity) continue;
    const current: Array<{ form_field_id: number; stored_name: string; is_reserved: boolean }> = await knex('form_fields')
      .where({ form_id: form.form_id }).select('form_field_id', 'stored_name', 'is_reserved');
    const currentByName = new Map(current.filter((f) => !f.is_reserved).map((f) => [f.stored_name.toLowerCase(), f.form_field_id]));
    const revisions = (await knex('form_revisions').where({ form_id: form.form_id }).orderBy('form_revision_id').select('changed_at', 'definition'))
      .map((r: { changed_at: Date | string; definition: unknown }): RevisionFields => {
        const definition = (typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition) as { Fields?: Array<{ FormFieldId: number; StoredName: string; IsReserved?: boolean }> };
        const fields = (definition.Fields ?? []).filter((f) => !f.IsReserved && f.StoredName);
        return { at: new Date(r.changed_at).getTime(), byName: new Map(fields.map((f) => [f.StoredName.toLowerCase(), f.FormFieldId])) };
      });
    let after = 0;
    for (;;) {
      const entries: Array<{ audit_id: string; changed_at: Date | string; changes: Change[] | string }> = await knex('audit_entries')
        .where({ entity }).andWhere('audit_id', '>', after).orderBy('audit_id').limit(1000).select('audit_id', 'changed_at', 'changes');
      if (!entries.length) break;
      for (const entry of entries) {
        const changes = (typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes) as Change[];
        const at = new Date(entry.changed_at).getTime();
        const then = revisions.filter((r) => r.at <= at).at(-1);
        let touched = false;
        for (const change of changes) {
          if (change.FieldId !== undefined) continue;
          const id = then?.byName.get(change.Field.toLowerCase()) ?? currentByName.get(change.Field.toLowerCase());
          if (id === undefined) continue;
          change.FieldId = id;
          touched = true;
        }
        if (touched) await knex('audit_entries').where({ audit_id: entry.audit_id }).update({ changes: JSON.stringify(changes) });
      }
      after = Number(entries.at(-1)!.audit_id);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function user_node_access(integer, integer)');
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
  await knex.raw('drop view role_grants');
  await knex.raw(`create view role_grants as
    select role_id, node_id, has_access, view_all_records from role_permissions where role_id <> 1
    union all
    select 1, node_id, true, true from permission_nodes`);
  await knex.raw('alter table user_permissions drop column read_only');
  await knex.raw('alter table role_permissions drop column read_only');
  await knex.raw('alter table permission_nodes drop constraint permission_nodes_module_id_type_name_unique');
  await knex.raw('alter table permission_nodes add constraint permission_nodes_module_id_type_name_unique unique (module_id, type, name)');
  await knex.raw('drop index permission_nodes_form_field');
  await knex.raw('alter table permission_nodes drop column form_field_id');
}
