import type { Knex } from 'knex';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import { decodeCursor, encodeCursor, keyValuesOf } from './cursor.ts';
import { applyOrder, asOutputColumns, beyondSpansNulls, pageAcrossNulls, whereBeyond } from './order.ts';
import { countRows, type CountResult } from './count.ts';
import { prepareList, type ListOptions, type PreparedList } from './prepare.ts';
import { listStatementName } from './statement-name.ts';
import { once } from '../../../engine/core/once.ts';
import type { ListQuery, ListResult } from './types.ts';
import { HttpError } from '../http-error.ts';
import { maxPageSize, pageSizeMessage } from './schemas.ts';
import { lockedRowIds, takeLockFlags, withLockFlags, type ListLocks } from './locked-rows.ts';

export interface ListExtras<T> {
  /** The list's CircleAccess; given the page's rows (a promise of them), for an answer about their circles only. */
  circleAccess?: (rows: () => Promise<T[]>) => Promise<ListResult<T>['CircleAccess']>;
  /** Stops a search that runs longer (PostgreSQL only); searchTimeoutMs when not given. */
  searchTimeoutMs?: number;
  /** Marks the page's rows others hold locked, in the page's own statement. */
  locks?: ListLocks;
}

export type { ListOptions };

/**
 * A contains-search that no index narrows (a common fragment over a million rows) can take seconds; it is stopped
 * after this long, PostgreSQL told to stop too, and the user asked to narrow it (instead of the 30 s every statement
 * gets, answered as the database being unavailable).
 */
export const searchTimeoutMs = 10_000;
export const searchTooBroad = 'This search matches too many records to finish in time. Add letters or another word to narrow it.';

/** The rows on the last page: what is left over after the full pages. */
function lastPageSize(total: number, pageSize: number): number {
  return total % pageSize || pageSize;
}

/**
 * One list implementation for every module: paging, multi-column sort and search over the columns the
 * screen declares (nothing else is sortable or searchable), visible columns, and inactive rows on request.
 * First, Previous, Next and Last walk the order from a cursor (keyset), never by OFFSET; only a jump
 * straight to a middle page (a typed or pasted page number without a cursor) uses OFFSET.
 */
export async function runList<T extends Record<string, unknown>>(
  knex: Knex,
  base: Knex.QueryBuilder,
  list: ListDefinition,
  options: ListOptions,
  query: ListQuery,
  extras: ListExtras<T> = {},
): Promise<ListResult<T>> {
  const prepared = prepareList(base, list, options, query);
  // Only PostgreSQL can cancel a statement; PGlite (one user's embedded database) runs it to the end.
  const bounded = prepared.searched && knex.client.config.client === 'pg';
  const bound = (q: Knex.QueryBuilder) => (bounded ? q.timeout(extras.searchTimeoutMs ?? searchTimeoutMs, { cancel: true }) : q);
  // A built form's statements are named with its revision too: a type change keeps the SQL and changes a column's type.
  const naming = (sql: string) => listStatementName(`${options.statementVersion ?? ''}${sql}`, prepared.searched);
  try {
    try {
      return await listPage<T>(knex, prepared, query, bound, extras, naming);
    } catch (error) {
      // A statement this connection prepared before a change another process made, seen before its new revision was:
      // PostgreSQL refuses it (0A000, "cached plan must not change result type"); the page runs again unprepared.
      if ((error as { code?: string })?.code !== '0A000') throw error;
      return await listPage<T>(knex, prepared, query, bound, extras, () => undefined);
    }
  } catch (error) {
    if (bounded && (error as Error)?.name === 'KnexTimeoutError') throw HttpError.of(422, searchTooBroad, 'q', 'SearchTooBroad');
    throw error;
  }
}

async function listPage<T extends Record<string, unknown>>(
  knex: Knex,
  { filtered, keys, keyFields, signature, returned, selection }: PreparedList,
  query: ListQuery,
  bound: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  { circleAccess, locks }: ListExtras<T>,
  naming: (sql: string) => string | undefined,
): Promise<ListResult<T>> {
  const pageSize = query.pageSize ?? 50;
  // No page size answers every row: a list is read a page at a time (listQuerySchema refuses it first on a route).
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) throw HttpError.of(400, pageSizeMessage, 'pageSize', 'pageSize');
  let page = filtered.clone().select(selection([...returned, ...keyFields]));
  // What runs for the page: the page's query, with its rows' lock flags when asked (set below, once it is complete).
  let statement = page;
  // The page's statement runs once, whether the count or the answer asks for it first.
  const pageRows = once(() => Promise.resolve(bound(statement)) as Promise<T[]>);
  const cursorText = query.after ?? query.before;
  const cursor = cursorText ? decodeCursor(cursorText, query.after ? 'after' : 'before') : undefined;
  const usableCursor = cursor && cursor.order === signature && cursor.values.length === keys.length && !cursor.values.includes(null);

  let reversed = false;
  let limit = pageSize;
  let pageKeys = keys;
  // The count and the page go to the database together; only Last needs the count first.
  let total = query.last ? await countRows(knex, filtered, undefined, bound) : undefined;
  if (query.last) {
    reversed = true;
    if (!total!.estimated) limit = lastPageSize(total!.count, pageSize);
  } else if (usableCursor) {
    reversed = Boolean(query.before);
    if (beyondSpansNulls(keys, reversed)) {
      page = pageAcrossNulls(knex, page, keys, cursor.values, reversed, limit);
      // The union's rows carry each key as a column: a computed key (an item's name) is ordered by it there.
      pageKeys = asOutputColumns(keys);
    } else whereBeyond(knex, page, keys, cursor.values, reversed);
  } else if ((query.page ?? 1) > 1) {
    page.offset(((query.page ?? 1) - 1) * pageSize);
  }
  applyOrder(page, pageKeys, reversed);
  page.limit(limit);
  statement = locks ? withLockFlags(knex, page, locks, (q) => applyOrder(q, asOutputColumns(keys), reversed)) : page;
  const name = naming(statement.toSQL().sql);
  if (name) statement.options({ name });
  const firstPage = !query.last && !usableCursor && (query.page ?? 1) <= 1;
  const counting = total ? Promise.resolve(total) : countRows(knex, filtered, firstPage
    ? async () => { const rows = (await pageRows()).length; return rows < pageSize ? rows : undefined; }
    : undefined, bound);

  const [rows, counted, CircleAccess] = (await Promise.all([pageRows(), counting, circleAccess?.(pageRows) ?? []])) as [T[], CountResult, ListResult<T>['CircleAccess']];
  total ??= counted;
  const locked = locks ? takeLockFlags(rows, locks.idField) : undefined;
  if (reversed) rows.reverse();
  const cursorOf = (row: T | undefined) => (row ? encodeCursor({ order: signature, values: keyValuesOf(row, keyFields) }) : null);
  const cursors = { First: cursorOf(rows[0]), Last: cursorOf(rows.at(-1)) };
  // Rows carry only the returned fields and the order's keys: drop the keys the user did not ask for, if any.
  const unasked = keyFields.filter((field) => !returned.has(field));
  if (unasked.length) for (const row of rows) for (const field of unasked) delete row[field];
  const result: ListResult<T> = { Items: rows, TotalCount: total.count, TotalCountIsEstimate: total.estimated, CircleAccess, Cursors: cursors };
  // Beside the answer, not in it: the lockedrecordids header is made of it (locks/routes.ts).
  if (locked) Object.defineProperty(result, lockedRowIds, { value: locked });
  return result;
}
