/**
 * Row and set actions of a listing grid (spec 2 sections 3 and 6, spec 3 section 6), as pure rules:
 * which actions a row shows, where an action leads, and which list metadata the grid refuses.
 */
import type { ColumnDefinition, ListDefinition } from '../screen-document.ts';
import type { PageAction, PageActions } from '../../../metadata/types/PageActions.ts';

/** One action of the page-action call, and the call's answer (spec 2 section 3; metadata/entities/PageActions.json). */
export type { PageAction, PageActions };

/** A list answer's CircleAccess entry: Key = circle id, Value = comma-separated action ids. */
export interface CircleAccessEntry {
  Key: number;
  Value: string;
}

/** The row field naming the atomic circle a row belongs to. */
export const circleIdField = 'AtomicCircleId';

export const actionMessages = {
  unimplemented: 'Functionality has not been implemented',
} as const;

/** Action ids granted per circle id. */
export type CircleGrants = Map<number, Set<number>>;

export function circleGrants(entries: readonly CircleAccessEntry[] | undefined): CircleGrants {
  const grants: CircleGrants = new Map();
  for (const { Key, Value } of entries ?? []) {
    const ids = grants.get(Number(Key)) ?? new Set<number>();
    for (const part of String(Value ?? '').split(',')) {
      const id = Number(part.trim());
      if (part.trim() !== '' && Number.isInteger(id)) ids.add(id);
    }
    grants.set(Number(Key), ids);
  }
  return grants;
}

function grantsAction(ids: Set<number> | undefined, action: Pick<PageAction, 'ActionId' | 'ParentActionId'>): boolean {
  if (!ids) return false;
  return ids.has(action.ActionId) || (action.ParentActionId !== null && action.ParentActionId !== undefined && ids.has(action.ParentActionId));
}

/** A row's circle id, or null when it has none (null, undefined, '' or 0). */
export function circleIdOf(row: Record<string, unknown> | null | undefined): number | null {
  const value = row?.[circleIdField];
  if (value === null || value === undefined || value === '' || value === 0) return null;
  const id = Number(value);
  return Number.isFinite(id) ? id : null;
}

/**
 * CircleAccess grants the action, or its parent action, for the row's circle. A row without a circle id
 * (and a set action, which has no row) matches any circle: some circle must grant it.
 */
export function isGranted(action: Pick<PageAction, 'ActionId' | 'ParentActionId'>, grants: CircleGrants, row?: Record<string, unknown> | null): boolean {
  const circle = circleIdOf(row);
  if (circle !== null) return grantsAction(grants.get(circle), action);
  for (const ids of grants.values()) if (grantsAction(ids, action)) return true;
  return false;
}

/** The column's hide-when rule holds for the row: its property equals the given value. */
export function isHiddenByRow(row: Record<string, unknown>, hideWhen: ColumnDefinition['hideWhen']): boolean {
  if (!hideWhen) return false;
  const value = row[hideWhen.field];
  if (hideWhen.equals === null) return value === null || value === undefined;
  if (value === null || value === undefined) return false;
  // A value may arrive as text ("1") where the metadata says 1, or the reverse: compare as text when the types differ.
  return typeof value === typeof hideWhen.equals ? value === hideWhen.equals : String(value) === String(hideWhen.equals);
}

export function isRowActionVisible(action: PageAction, row: Record<string, unknown>, grants: CircleGrants, column?: Pick<ColumnDefinition, 'hideWhen'>): boolean {
  return isGranted(action, grants, row) && !isHiddenByRow(row, column?.hideWhen);
}

export function isSetActionVisible(action: PageAction, grants: CircleGrants): boolean {
  return isGranted(action, grants, null);
}

/**
 * The URL an action opens: its Url with the row id appended as a path segment, then the extra params as a
 * query; a param value's {Field} is replaced by the row's value of that field.
 */
export function actionUrl(url: string, rowId?: string | number | null, params?: Record<string, string>, row?: Record<string, unknown>): string {
  const [path, existing = ''] = url.split('?');
  const withId = rowId === null || rowId === undefined || rowId === '' ? path : `${path.replace(/\/+$/, '')}/${encodeURIComponent(String(rowId))}`;
  const query = new URLSearchParams(existing);
  for (const [key, template] of Object.entries(params ?? {})) {
    query.set(key, template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, field: string) => String(row?.[field] ?? '')));
  }
  const text = query.toString();
  return text ? `${withId}?${text}` : withId;
}

/** What clicking an action does: the handler registered under its ActionName, else its Url, else the 'not implemented' notice. */
export function actionHandling(action: Pick<PageAction, 'ActionName' | 'Url'>, handlers: Readonly<Record<string, unknown>> = {}): 'handler' | 'url' | 'unimplemented' {
  if (typeof handlers[action.ActionName] === 'function') return 'handler';
  if (action.Url && action.Url.trim()) return 'url';
  return 'unimplemented';
}

/** Action columns in the metadata that name no action: the grid refuses such a list. */
export function actionColumnFaults(list: Pick<ListDefinition, 'columns'>): Array<{ pointer: string; message: string }> {
  const faults: Array<{ pointer: string; message: string }> = [];
  list.columns.forEach((column, i) => {
    if (column.type === 'action') {
      if (!column.action || !column.action.trim()) faults.push({ pointer: `/list/columns/${i}/action`, message: `action column ${column.field} names no action` });
      if (column.sortable || column.searchable) faults.push({ pointer: `/list/columns/${i}`, message: `action column ${column.field} cannot be sortable or searchable` });
    } else if (column.action || column.params || column.hideWhen) {
      faults.push({ pointer: `/list/columns/${i}`, message: `${column.field} has action settings but is not an action column (type "action")` });
    }
  });
  return faults;
}

/** Throws a clear error for a list whose action columns are not usable (the grid's refusal). */
export function assertActionColumns(list: Pick<ListDefinition, 'columns'>): void {
  const faults = actionColumnFaults(list);
  if (faults.length) throw new Error(`The listing grid refuses this list: ${faults.map((f) => `${f.message} (${f.pointer})`).join('; ')}.`);
}

/** Where each row action is shown: in the action column naming it, else in the trailing actions column. */
export function placeRowActions(list: Pick<ListDefinition, 'columns'>, actions: readonly PageAction[]): { byColumn: Map<string, PageAction>; unplaced: PageAction[] } {
  const byColumn = new Map<string, PageAction>();
  const placed = new Set<string>();
  for (const column of list.columns) {
    if (column.type !== 'action' || !column.action) continue;
    const action = actions.find((a) => a.ActionName === column.action);
    if (action) {
      byColumn.set(column.field, action);
      placed.add(action.ActionName);
    }
  }
  return { byColumn, unplaced: actions.filter((a) => !placed.has(a.ActionName)) };
}
