import type { Knex } from 'knex';

/**
 * The row actions of built forms as circles grant them (circles contract): a role grants an action when it is an
 * admin role (role 1 included), when it holds the form's route node of the action's route kind ('read' is the form's
 * module node itself), or when role_page_actions names the action or its parent. Written over the aliases `r`
 * (roles) and `pa` (page_actions), so one condition serves the combined trees and the user's circle select.
 */
export const roleGrantsActionSql = `(r.is_admin or r.role_id = 1
  or exists (select 1 from role_page_actions rpa where rpa.role_id = r.role_id and (rpa.action_id = pa.action_id or rpa.action_id = pa.parent_action_id))
  or (pa.form_id is not null and exists (select 1 from role_grants g
    join permission_nodes n on n.node_id = g.node_id and not n.is_retired
    join modules m on m.module_id = n.module_id
    where g.role_id = r.role_id and g.has_access and m.name = 'Form' || pa.form_id
      and case when pa.route_kind = 'read' then n.type = 'module' else n.type = 'route' and n.name = 'form-' || pa.form_id || '.' || pa.route_kind end)))`;

export interface FormAction { FormId: number; ActionId: number; Name: string; ParentActionId: number | null; RouteKind: string }
export interface CombinedAction { ActionId: number; Name: string; ParentActionId: number | null; Checked: boolean; Locked: boolean; GrantedBy: string[] }
export interface CombinedForm { FormId: number; Name: string; Actions: CombinedAction[] }

/** The active row actions of every circleable active built form (or of one), by form name and the actions' order. */
export async function circleableFormActions(db: Knex, formId?: number): Promise<Array<FormAction & { FormName: string }>> {
  const q = db('page_actions as pa').join('forms as f', 'f.form_id', 'pa.form_id')
    .whereNull('f.source').where('f.is_circleable', true).where('f.is_active', true).where('pa.is_active', true)
    .select({ FormId: 'f.form_id', FormName: 'f.name', ActionId: 'pa.action_id', Name: 'pa.action_name', ParentActionId: 'pa.parent_action_id', RouteKind: 'pa.route_kind' })
    .orderBy([{ column: 'f.name' }, { column: 'f.form_id' }, { column: 'pa.sort_order' }, { column: 'pa.action_id' }]);
  if (formId !== undefined) q.where('f.form_id', formId);
  return q;
}

/** For each built-form action some of the active roles grant: the names of those roles. */
export async function actionsGrantedByRoles(db: Knex, roleIds: number[]): Promise<Map<number, string[]>> {
  if (!roleIds.length) return new Map();
  const { rows } = await db.raw(`select pa.action_id, r.name from page_actions pa
    join roles r on r.role_id = any(?::integer[]) and r.is_active
    where pa.form_id is not null and ${roleGrantsActionSql}
    order by pa.action_id, r.name`, [roleIds]);
  const granted = new Map<number, string[]>();
  for (const row of rows as Array<{ ActionId: number; Name: string }>) granted.set(Number(row.ActionId), [...(granted.get(Number(row.ActionId)) ?? []), row.Name]);
  return granted;
}

/**
 * Every circleable form with its actions for the permission tree of a circle: Checked when one of the roles grants
 * the action (then Locked: a role's grant is changed on the role) or the circle's explicit Permissions hold it.
 */
export async function combinedFormActions(db: Knex, roleIds: number[], explicit: number[]): Promise<CombinedForm[]> {
  const [actions, granted] = await Promise.all([circleableFormActions(db), actionsGrantedByRoles(db, roleIds)]);
  const held = new Set(explicit);
  const forms = new Map<number, CombinedForm>();
  for (const a of actions) {
    const form = forms.get(a.FormId) ?? { FormId: a.FormId, Name: a.FormName, Actions: [] };
    forms.set(a.FormId, form);
    const by = granted.get(a.ActionId) ?? [];
    form.Actions.push({ ActionId: a.ActionId, Name: a.Name, ParentActionId: a.ParentActionId, Checked: by.length > 0 || held.has(a.ActionId), Locked: by.length > 0, GrantedBy: by });
  }
  return [...forms.values()];
}
