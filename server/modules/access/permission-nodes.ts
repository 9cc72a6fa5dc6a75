import type { Knex } from 'knex';
import { recordNoun, type ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { MetadataRegistry } from '../../metadata/registry.ts';

/** The route kinds that need a route node beyond the module: the 'module-button' access of spec 1 section 6. */
export const guardedRouteKinds = ['create', 'update', 'delete'] as const;
export type GuardedRouteKind = (typeof guardedRouteKinds)[number];

const routeVerbs: Record<GuardedRouteKind, string> = { create: 'Create', update: 'Update', delete: 'Delete or deactivate' };

export interface DerivedNode {
  type: 'route' | 'field';
  name: string;
  label: string;
  sortOrder: number;
  /** A built field's id (its property's x-formFieldId): the node's identity, which a rename keeps. */
  formFieldId?: number;
}

/** A route node's name: the route table's name for the route ('users.create'), as module-button access asks for it. */
export const routeNodeName = (screenId: string, kind: string) => `${screenId}.${kind}`;

/**
 * The route and field nodes a screen document gives its module: its create, update and delete routes, and
 * every field its form or list shows (the fields the field mask can hide). Pure: the same for a shipped
 * screen and for one composed from an administrator's form.
 */
export function derivedNodes(screen: ScreenDocument, entity: { properties?: Record<string, { title?: string; 'x-formFieldId'?: number }> } | undefined): DerivedNode[] {
  const nodes: DerivedNode[] = [];
  const singular = recordNoun(screen);
  guardedRouteKinds.forEach((kind, i) => {
    if (screen.routes[kind]) nodes.push({ type: 'route', name: routeNodeName(screen.id, kind), label: `${routeVerbs[kind]} ${singular}`, sortOrder: i + 1 });
  });
  const columns = new Map((screen.list?.columns ?? []).filter((c) => c.type !== 'action').map((c) => [c.field, c.label]));
  const fields = [...new Set([...(screen.form?.fields.create ?? []), ...(screen.form?.fields.update ?? []), ...columns.keys()])];
  fields.forEach((field, i) => {
    const property = entity?.properties?.[field];
    const label = property?.title || columns.get(field) || field;
    const formFieldId = property?.['x-formFieldId'];
    nodes.push({ type: 'field', name: field, label, sortOrder: 100 + i, ...(typeof formFieldId === 'number' ? { formFieldId } : {}) });
  });
  return nodes;
}

/**
 * Brings the permission tree in line with the screen documents, in one transaction at start (and, later, when
 * an administrator's form changes): each screen's module gets its node, and its route and field nodes are
 * added, kept or retired. A node seen for the first time is granted to every role that holds its module, so
 * a screen added to a module its holders already use works for them at once; from then on its grants are
 * the roles' own. Retired nodes keep their grants, for when the field comes back.
 */
export async function syncPermissionNodes(db: Knex, screens: Iterable<ScreenDocument>, entities: MetadataRegistry['entities']): Promise<void> {
  await db.transaction(async (trx) => {
    // Several processes may start on one database at once: one syncs at a time.
    await trx.raw('select pg_advisory_xact_lock(7001)');
    await trx.raw(`insert into permission_nodes (type, module_id, name, label, sort_order)
      select 'module', m.module_id, m.name, m.label, m.sort_order from modules m
      where not exists (select 1 from permission_nodes n where n.module_id = m.module_id and n.type = 'module')`);
    const byModule = nodesByModule(screens, entities);
    const moduleNodes: ModuleNode[] = await trx('permission_nodes').where({ Type: 'module' }).select('NodeId', 'ModuleId', 'Name');
    for (const moduleNode of moduleNodes) await syncChildNodes(trx, moduleNode, byModule.get(moduleNode.Name) ?? new Map());
  });
}

/**
 * The same for one module, in the caller's transaction: a built form's module (created here when new, with
 * its node) after a change to the form's definition.
 */
export async function syncModuleNodes(
  trx: Knex, module: { name: string; label: string; category: string }, screens: Iterable<ScreenDocument>, entities: MetadataRegistry['entities'],
): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(7001)');
  const category = await trx('permission_categories').where({ Name: module.category }).first('CategoryId');
  const existing = await trx('modules').where({ Name: module.name }).first('ModuleId', 'Label');
  let moduleId = existing?.ModuleId as number | undefined;
  if (!existing) {
    [{ ModuleId: moduleId }] = await trx('modules')
      .insert({ Name: module.name, Label: module.label, AllowViewAllRecords: true, CategoryId: category?.CategoryId ?? null }).returning('ModuleId');
    await trx('permission_nodes').insert({ Type: 'module', ModuleId: moduleId, Name: module.name, Label: module.label });
  } else if (existing.Label !== module.label) {
    await trx('modules').where({ ModuleId: moduleId }).update({ Label: module.label });
    await trx('permission_nodes').where({ ModuleId: moduleId, Type: 'module' }).update({ Label: module.label });
  }
  const moduleNode: ModuleNode = await trx('permission_nodes').where({ ModuleId: moduleId, Type: 'module' }).first('NodeId', 'ModuleId', 'Name');
  await syncChildNodes(trx, moduleNode, nodesByModule(screens, entities).get(module.name) ?? new Map());
}

interface ModuleNode { NodeId: number; ModuleId: number; Name: string }

function nodesByModule(screens: Iterable<ScreenDocument>, entities: MetadataRegistry['entities']): Map<string, Map<string, DerivedNode>> {
  const byModule = new Map<string, Map<string, DerivedNode>>();
  for (const screen of screens) {
    if (!screen.module) continue;
    const nodes = byModule.get(screen.module) ?? new Map<string, DerivedNode>();
    for (const node of derivedNodes(screen, entities.get(screen.entity))) {
      const key = nodeKey(node);
      if (!nodes.has(key)) nodes.set(key, node);
    }
    byModule.set(screen.module, nodes);
  }
  return byModule;
}

/** How a wanted node is matched to a stored one: a built field by its id, anything else by its type and name. */
const nodeKey = (node: { type: string; name: string; formFieldId?: number | null }) =>
  (node.formFieldId ? `id:${node.formFieldId}` : `${node.type}:${node.name}`);

interface StoredNode { NodeId: number; Type: string; Name: string; Label: string; SortOrder: number; IsRetired: boolean; FormFieldId: number | null }

/**
 * A module's route and field nodes made the wanted ones: added (granted to its holders), renamed, relabelled, retired or
 * revived. A built field's node is found by the field's id, so a rename keeps its grants; a node stored before fields had
 * ids is adopted by its name. Names stay unique per module: a retired node that holds a name a live node takes is
 * renamed out of the way (it is denied by its field's current name anyway, see effective-access.ts).
 */
async function syncChildNodes(trx: Knex, moduleNode: ModuleNode, wanted: Map<string, DerivedNode>): Promise<void> {
  // Report nodes (report:<FileName>) are synced from metadata/reports, not derived from screens (modules/reports/sync.ts).
  const existing: StoredNode[] = await trx('permission_nodes').where({ ParentNodeId: moduleNode.NodeId }).whereNot('Name', 'like', 'report:%')
    .select('NodeId', 'Type', 'Name', 'Label', 'SortOrder', 'IsRetired', 'FormFieldId');
  const matched = new Map<number, DerivedNode>();
  const claimed = new Set<string>();
  for (const row of existing) {
    const key = nodeKey({ type: row.Type, name: row.Name, formFieldId: row.FormFieldId });
    if (wanted.has(key) && !claimed.has(key)) { matched.set(row.NodeId, wanted.get(key)!); claimed.add(key); }
  }
  // Nodes stored before fields had ids: the field now carrying the node's name takes it (once).
  for (const row of existing) {
    if (matched.has(row.NodeId) || row.FormFieldId !== null || row.Type !== 'field') continue;
    const node = [...wanted.values()].find((n) => n.formFieldId && n.name === row.Name && !claimed.has(nodeKey(n)));
    if (node) { matched.set(row.NodeId, node); claimed.add(nodeKey(node)); }
  }
  // Every name a live node takes, matched or added: another field's node retired under it moves aside.
  const takenNames = new Set([...wanted.values()].map((n) => `${n.type}:${n.name}`));
  const renamed = existing.filter((row) => matched.has(row.NodeId) && matched.get(row.NodeId)!.name !== row.Name);
  // Out of the way first: a swap of two names, or a retired node holding a name a live one takes.
  for (const row of existing) {
    const moves = renamed.includes(row) || (!matched.has(row.NodeId) && takenNames.has(`${row.Type}:${row.Name}`));
    if (moves) await trx('permission_nodes').where({ NodeId: row.NodeId }).update({ Name: `${row.Name}#${row.NodeId}` });
    if (moves && !matched.has(row.NodeId)) row.Name = `${row.Name}#${row.NodeId}`;
  }
  for (const row of existing) {
    const node = matched.get(row.NodeId);
    const change = node
      ? { IsRetired: false, Name: node.name, Label: node.label, SortOrder: node.sortOrder, FormFieldId: node.formFieldId ?? null }
      : { IsRetired: true, Name: row.Name, Label: row.Label, SortOrder: row.SortOrder, FormFieldId: row.FormFieldId };
    const same = change.IsRetired === row.IsRetired && change.Name === row.Name && change.Label === row.Label
      && change.SortOrder === row.SortOrder && change.FormFieldId === row.FormFieldId && !renamed.includes(row);
    if (!same) await trx('permission_nodes').where({ NodeId: row.NodeId }).update(change);
  }
  const added = [...wanted.entries()].filter(([key]) => !claimed.has(key)).map(([, node]) => ({
    Type: node.type, ModuleId: moduleNode.ModuleId, ParentNodeId: moduleNode.NodeId, Name: node.name, Label: node.label, SortOrder: node.sortOrder,
    FormFieldId: node.formFieldId ?? null,
  }));
  if (!added.length) return;
  const ids = (await trx('permission_nodes').insert(added).returning('NodeId')) as Array<{ NodeId: number }>;
  await trx.raw(`insert into role_permissions (role_id, node_id, has_access, view_all_records)
    select rp.role_id, n.id, true, false from role_permissions rp cross join unnest(?::integer[]) as n(id)
    where rp.node_id = ? and rp.has_access
    on conflict do nothing`, [ids.map((r) => r.NodeId), moduleNode.NodeId]);
}
