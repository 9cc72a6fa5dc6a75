import type { Knex } from 'knex';
import type { ColumnDefinition, ListDefinition } from '../../../engine/core/screen-document.ts';
import { parseSorts } from '../../../engine/core/grid-state.ts';
import { HttpError } from '../http-error.ts';
import { orderKeys, orderSignature, type OrderKey } from './order.ts';
import { whereAnyContains, whereContains } from './search.ts';
import type { ListQuery } from './types.ts';

export interface ListOptions {
  /**
   * What the page's columns depend on besides its SQL, folded into its prepared statement's name (a built form's
   * revision: a type change keeps the SQL and changes a column's type, and a statement prepared before would fail).
   */
  statementVersion?: string;
  /** Sortable columns that may hold NULL: pages are walked past them with NULL-aware comparisons. */
  nullableFields?: string[];
  idField: string;
  /** Rows with false here are left out unless the query asks for inactive rows. */
  activeField?: string;
  /** Always returned, whatever columns are visible (e.g. IsActive for styling). */
  alwaysSelect?: string[];
  /** Search each searchable column on its own (an index per column) instead of their joined text (one index over all). */
  searchEachColumn?: boolean;
  /** Searchable columns searched each on their own beside the joined text of the others (a shipped list's UDFs). */
  searchApart?: string[];
  /** Columns read through an expression instead of as stored (a select's item names instead of its ids). */
  selectAs?: Record<string, Knex.Raw>;
  /** Sortable columns ordered by an expression instead of as stored (a select by its item's name). */
  orderAs?: Record<string, Knex.Raw>;
  /** Searchable columns matched by a condition of their own instead of `column ilike` (a select by its items' names). */
  searchAs?: Record<string, SearchCondition>;
}

/** The condition a column matches a contains-pattern (`%term%`, escaped) by. */
export type SearchCondition = (pattern: string) => Knex.Raw;

/** A list query checked against the screen and turned into SQL, before any paging. */
export interface PreparedList {
  /** The rows the query asks for (active filter and search applied), neither ordered nor paged. */
  filtered: Knex.QueryBuilder;
  /** The full order: the user's sorts (or the screen's default), then the id. */
  keys: OrderKey[];
  keyFields: string[];
  /** Names the order inside cursors, so a cursor of another order is not used. */
  signature: string;
  /** The data columns the user sees, in the screen's order (the screen's defaults when the query names none). */
  visibleColumns: ColumnDefinition[];
  /** The fields a row carries back: the id, the always-selected fields and the visible columns. */
  returned: Set<string>;
  /** A contains-search narrows the rows. */
  searched: boolean;
  /** What a query selects for these fields: each as stored, or through its selectAs expression. */
  selection(fields: Iterable<string>): Array<string | Knex.Raw>;
}

/** Columns holding data: action columns (buttons) have no database column behind them. */
export function dataColumnsOf(list: ListDefinition): ColumnDefinition[] {
  return list.columns.filter((c) => c.type !== 'action');
}

/**
 * The one place a list query becomes SQL, shared by the page (runList) and the export (exportCsv):
 * only declared columns are sortable, searchable or visible; inactive rows only on request.
 */
export function prepareList(base: Knex.QueryBuilder, list: ListDefinition, options: ListOptions, query: ListQuery): PreparedList {
  const dataColumns = dataColumnsOf(list);
  const columns = new Map(dataColumns.map((c) => [c.field, c]));
  const sorts = parseSorts(query.sorts ?? '');
  for (const s of sorts) {
    if (!columns.get(s.field)?.sortable) throw HttpError.of(400, `${s.field} is not a sortable column.`, 'sorts');
  }
  const asked = (query.cols ?? '').split(',').filter(Boolean);
  for (const field of asked) {
    if (!columns.has(field)) throw HttpError.of(400, `${field} is not a column of this list.`, 'cols');
  }
  const visibleColumns = asked.length
    ? dataColumns.filter((c) => asked.includes(c.field))
    : dataColumns.filter((c) => !c.hidden);

  const filtered = base.clone();
  if (options.activeField && !query.includeInactive) filtered.where(options.activeField, true);
  const term = (query.q ?? '').trim();
  const searchable = dataColumns.filter((c) => c.searchable).map((c) => c.field);
  if (term && options.searchEachColumn) whereAnyContains(filtered, searchable, term, options.searchAs);
  else if (term) whereContains(filtered, searchable, term, options.searchApart, options.searchAs);

  const keys = orderKeys(sorts.length ? sorts : list.defaultSort ?? [], options.idField, new Set(options.nullableFields ?? []), options.orderAs);
  // With no columns named, rows carry every data column, as before: the grid may show any of them.
  const shown = asked.length ? asked : [...columns.keys()];
  const returned = new Set([options.idField, ...(options.alwaysSelect ?? []), ...shown]);
  const selection = (fields: Iterable<string>) => [...new Set(fields)].map((field) => options.selectAs?.[field] ?? field);
  return { filtered, keys, keyFields: keys.map((k) => k.field), signature: orderSignature(keys), visibleColumns, returned, searched: Boolean(term), selection };
}
