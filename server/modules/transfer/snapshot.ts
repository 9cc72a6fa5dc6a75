import type { Knex } from 'knex';
import type { TransferDocument } from './document.ts';
import { formModuleName, pageModuleName } from './keys.ts';
import { circleScopeOf } from './circles.ts';

/** The definition tables an import writes, each with its key, in the order rows may be inserted (parents first). */
export const definitionTables = [
  { table: 'roles', key: ['role_id'] },
  { table: 'forms', key: ['form_id'] },
  { table: 'aggregate_circles', key: ['aggregate_circle_id'] },
  { table: 'atomic_circles', key: ['atomic_circle_id'] },
  { table: 'form_fields', key: ['form_field_id'] },
  { table: 'form_revisions', key: ['form_revision_id'] },
  { table: 'simple_lookup_tables', key: ['simple_lookup_table_id'] },
  { table: 'simple_lookup_items', key: ['simple_lookup_item_id'] },
  { table: 'pages', key: ['page_id'] },
  { table: 'page_fields', key: ['page_field_id'] },
  { table: 'modules', key: ['module_id'] },
  { table: 'permission_nodes', key: ['node_id'] },
  { table: 'menu_items', key: ['menu_item_id'] },
  { table: 'role_permissions', key: ['role_id', 'node_id'] },
  { table: 'page_actions', key: ['action_id'] },
  { table: 'atomic_circle_actions', key: ['atomic_circle_id', 'action_id'] },
  { table: 'aggregate_circle_actions', key: ['aggregate_circle_id', 'action_id'] },
] as const;
export type DefinitionTable = (typeof definitionTables)[number]['table'];

/** Rows as PostgreSQL's own JSON (timestamps to the microsecond), keyed by their key columns joined. */
export type Rows = Record<string, Record<string, unknown>>;
export type Snapshot = Record<DefinitionTable, Rows>;

/** The ids the document's keys name on this installation now (what exists of it). */
export interface Scope {
  forms: number[]; lists: number[]; pages: number[]; menuItems: number[]; roles: number[]; modules: string[];
  /** Absent from the scopes of imports made before circles travelled. */
  atomicCircles?: number[]; aggregateCircles?: number[];
}

/** A list as one JSON binding (knex would spread an array binding into several, and an empty one into none). */
const inList = 'in (select jsonb_array_elements_text(?::jsonb))';
const inInts = 'in (select jsonb_array_elements_text(?::jsonb)::int)';
const lowerIn = (column: string, values: string[]) => [`lower(${column}) ${inList}`, [JSON.stringify(values.map((v) => v.toLowerCase()))]] as const;

const keysOf = (things: Array<{ key?: string }>) => things.flatMap((t) => (t.key ? [t.key] : []));

/** The ids the document names, by key or by name: a thing renamed by the import is in the scope before and after it. */
export async function scopeOf(trx: Knex, doc: TransferDocument): Promise<Scope> {
  const ids = async (table: string, id: string, column: string, things: Array<{ key?: string }>, values: string[]) =>
    values.length ? ((await trx(table).whereRaw(...lowerIn(column, values)).orWhereRaw(`"key"::text ${inList}`, [JSON.stringify(keysOf(things))]).select(id)) as Array<Record<string, number>>).map((r) => r[id]) : [];
  const lists = await ids('simple_lookup_tables', 'SimpleLookupTableId', 'system_name', doc.lookupLists, doc.lookupLists.map((l) => l.systemName));
  const named = await ids('forms', 'FormId', 'name', doc.forms, doc.forms.map((f) => f.name));
  // Forms offering one of the lists get a revision when it changes.
  const offering = lists.length ? ((await trx('form_fields').whereRaw(`attribute_values->>'lookupListId' ${inList}`, [JSON.stringify(lists.map(String))]).distinct('FormId')) as Array<{ FormId: number }>).map((r) => r.FormId) : [];
  const forms = [...new Set([...named, ...offering])];
  // The pages the document names, and every page showing one of the forms: their modules' nodes follow the form's fields.
  const showing = forms.length ? ((await trx('pages').whereRaw(`form_id ${inInts}`, [JSON.stringify(forms.map(String))]).select('PageId')) as Array<{ PageId: number }>).map((r) => r.PageId) : [];
  const pages = [...new Set([...await ids('pages', 'PageId', 'route', doc.pages, doc.pages.map((p) => p.route)), ...showing])];
  const roles = await ids('roles', 'RoleId', 'name', doc.roles, doc.roles.map((r) => r.name));
  const menuItems: number[] = doc.menuItems.length
    ? ((await trx('menu_items').whereRaw(`"key"::text ${inList}`, [JSON.stringify(keysOf(doc.menuItems))]).select('MenuItemId')) as Array<{ MenuItemId: number }>).map((r) => r.MenuItemId)
    : [];
  for (const entry of doc.menuItems) {
    let parent: number | null = null;
    for (const name of entry.path) {
      const row: { MenuItemId: number } | undefined = await trx('menu_items').where({ ParentMenuItemId: parent }).whereRaw('lower(name) = lower(?)', [name]).orderBy('MenuItemId').first('MenuItemId');
      if (!row) { parent = null; break; }
      parent = row.MenuItemId;
    }
    if (parent !== null && !menuItems.includes(parent)) menuItems.push(parent);
  }
  return { forms, lists, pages, menuItems, roles, modules: [...forms.map(formModuleName), ...pages.map(pageModuleName)], ...(await circleScopeOf(trx, doc)) };
}

/** Both scopes' ids: what the import found before it and what it wrote. */
export function unionOf(a: Scope, b: Scope): Scope {
  const both = <T>(x: T[], y: T[]) => [...new Set([...x, ...y])];
  return {
    forms: both(a.forms, b.forms), lists: both(a.lists, b.lists), pages: both(a.pages, b.pages), menuItems: both(a.menuItems, b.menuItems), roles: both(a.roles, b.roles), modules: both(a.modules, b.modules),
    atomicCircles: both(a.atomicCircles ?? [], b.atomicCircles ?? []), aggregateCircles: both(a.aggregateCircles ?? [], b.aggregateCircles ?? []),
  };
}

/** Every row of the definition tables within the scope, as the database has it now. */
export async function capture(trx: Knex, scope: Scope): Promise<Snapshot> {
  const ids = (v: unknown[]) => [JSON.stringify(v.map(String))];
  const where: Record<DefinitionTable, [string, string[]]> = {
    roles: [`role_id ${inInts}`, ids(scope.roles)],
    forms: [`form_id ${inInts}`, ids(scope.forms)],
    form_fields: [`form_id ${inInts}`, ids(scope.forms)],
    form_revisions: [`form_id ${inInts}`, ids(scope.forms)],
    simple_lookup_tables: [`simple_lookup_table_id ${inInts}`, ids(scope.lists)],
    simple_lookup_items: [`table_id ${inInts}`, ids(scope.lists)],
    pages: [`page_id ${inInts}`, ids(scope.pages)],
    page_fields: [`page_id ${inInts}`, ids(scope.pages)],
    modules: [`name ${inList}`, ids(scope.modules)],
    permission_nodes: [`module_id in (select module_id from modules where name ${inList})`, ids(scope.modules)],
    menu_items: [`menu_item_id ${inInts}`, ids(scope.menuItems)],
    role_permissions: [`node_id in (select node_id from permission_nodes n join modules m using (module_id) where m.name ${inList})`, ids(scope.modules)],
    atomic_circles: [`atomic_circle_id ${inInts}`, ids(scope.atomicCircles ?? [])],
    aggregate_circles: [`aggregate_circle_id ${inInts}`, ids(scope.aggregateCircles ?? [])],
    page_actions: [`form_id ${inInts}`, ids(scope.forms)],
    atomic_circle_actions: [`action_id in (select action_id from page_actions where form_id ${inInts})`, ids(scope.forms)],
    aggregate_circle_actions: [`action_id in (select action_id from page_actions where form_id ${inInts})`, ids(scope.forms)],
  };
  const out = {} as Snapshot;
  for (const { table, key } of definitionTables) {
    const [clause, bindings] = where[table];
    const { rows } = await trx.raw(`select to_jsonb(t) as "row" from ?? t where ${clause}`, [table, ...bindings]);
    out[table] = Object.fromEntries((rows as Array<{ Row: Record<string, unknown> }>).map(({ Row: row }) => [key.map((k) => String(row[k])).join(':'), row]));
  }
  return out;
}

/** The rows that differ between two captures of one scope, named by table and key ('form field 12'). */
export function differences(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  // A table the first capture did not hold (made before that table travelled) is not compared.
  for (const { table } of definitionTables.filter((t) => t.table in a)) {
    for (const key of new Set([...Object.keys(a[table] ?? {}), ...Object.keys(b[table] ?? {})])) {
      if (JSON.stringify(a[table]?.[key]) !== JSON.stringify(b[table]?.[key])) out.push(`${table.replace(/_/g, ' ').replace(/s$/, '')} ${key}`);
    }
  }
  return out;
}

const whereKey = (key: readonly string[]) => key.map((k) => `t.${k} = r.${k}`).join(' and ');

/**
 * Puts the scope's rows back as `before` has them, where `after` is what is there now, in dependency order: table by
 * table, children first, rows it changed are updated back column by column (a page it took over shows its own form
 * again) and then the rows it added are deleted (the form it created is no longer in use); then rows it removed are
 * inserted again (parents first). PostgreSQL's own JSON of the rows makes this exact, timestamps and all.
 */
export async function restoreRows(trx: Knex, before: Snapshot, after: Snapshot): Promise<void> {
  // A name put back may still be held by a row this loop deletes next (a permission node of a field the import added).
  await trx.raw('set constraints all deferred');
  // A table the import's snapshot did not hold (one made before that table travelled) is left as it is.
  const tables = definitionTables.filter(({ table }) => table in before);
  for (const { table, key } of [...tables].reverse()) {
    for (const [k, row] of Object.entries(before[table] ?? {})) {
      if (!(k in (after[table] ?? {})) || JSON.stringify(after[table][k]) === JSON.stringify(row)) continue;
      const columns = Object.keys(row).filter((c) => !key.includes(c as never));
      await trx.raw(`update ?? t set ${columns.map((c) => `"${c}" = r."${c}"`).join(', ')} from jsonb_populate_record(null::??, ?::jsonb) r where ${whereKey(key)}`, [table, table, JSON.stringify(row)]);
    }
    const added = Object.keys(after[table] ?? {}).filter((k) => !(k in (before[table] ?? {})));
    // Menu items and pages under other added ones: deepest (newest) first.
    for (const k of added.sort((x, y) => Number(y.split(':')[0]) - Number(x.split(':')[0]))) {
      await trx.raw(`delete from ?? t using jsonb_populate_record(null::??, ?::jsonb) r where ${whereKey(key)}`, [table, table, JSON.stringify(after[table][k])]);
    }
  }
  for (const { table } of tables) {
    for (const [k, row] of Object.entries(before[table] ?? {})) {
      if (!(k in (after[table] ?? {}))) await trx.raw('insert into ?? select * from jsonb_populate_record(null::??, ?::jsonb)', [table, table, JSON.stringify(row)]);
    }
  }
}
