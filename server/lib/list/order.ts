import type { Knex } from 'knex';
import type { SortItem, SortDirection } from '../../../engine/core/grid-state.ts';

export interface OrderKey {
  field: string;
  dir: SortDirection;
  /** The column may hold NULL, which PostgreSQL sorts after every value ascending and before them descending. */
  nullable?: boolean;
  /** What the key orders by when it is not the stored column (a select's item name): used in ORDER BY and WHERE. */
  expression?: Knex.Raw;
}

/**
 * The full order of a list: the user's sorts, then the id as a tie-breaker so the order is total and
 * pages never overlap. The id follows the last sort's direction, so a single-column sort can walk its
 * (column, id) index in either direction.
 */
export function orderKeys(sorts: SortItem[], idField: string, nullable: ReadonlySet<string> = new Set(), expressions: Readonly<Partial<Record<string, Knex.Raw>>> = {}): OrderKey[] {
  const keys = sorts.filter((s) => s.field !== idField).map((s) => ({
    field: s.field, dir: s.dir, nullable: nullable.has(s.field), ...(expressions[s.field] ? { expression: expressions[s.field] } : {}),
  }));
  return [...keys, { field: idField, dir: keys.at(-1)?.dir ?? 'asc' }];
}

export function orderSignature(keys: OrderKey[]): string {
  return keys.map((k) => `${k.field},${k.dir}`).join(',');
}

const flip = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc');

export function applyOrder(query: Knex.QueryBuilder, keys: OrderKey[], reversed: boolean): void {
  for (const k of keys) {
    const dir = reversed ? flip(k.dir) : k.dir;
    if (k.expression) query.orderByRaw(`? ${dir}`, [k.expression]);
    else query.orderBy(k.field, dir);
  }
}

/** The same order over a query whose rows already carry each key as a column (a page read as a subquery). */
export function asOutputColumns(keys: OrderKey[]): OrderKey[] {
  return keys.map(({ expression: _computed, ...key }) => key);
}

/** The key as SQL: its expression, or its column. */
const keySql = (knex: Knex, k: OrderKey): Knex.Raw => k.expression ?? knex.raw('??', [k.field]);

/**
 * Rows strictly after `values` in the order (or before it, when `backwards`). One row comparison when
 * every key runs the same way and none can be NULL (PostgreSQL walks the index to it); otherwise the
 * expanded form, where a NULL counts as beyond any value wherever NULLs sort after values ('>' here).
 * The values themselves are never NULL: a page whose edge row has one is asked for by its number.
 */
export function whereBeyond(knex: Knex, query: Knex.QueryBuilder, keys: OrderKey[], values: unknown[], backwards: boolean): void {
  const greater = (dir: SortDirection) => ((dir === 'asc') !== backwards ? '>' : '<');
  // Walking away from the NULLs, a NULL is never beyond: the row comparison (NULL compares to nothing) is exact.
  if (keys.every((k) => k.dir === keys[0].dir && (!k.nullable || greater(k.dir) === '<'))) {
    const params = keys.map(() => '?').join(', ');
    query.whereRaw(`(${params}) ${greater(keys[0].dir)} (${params})`, [...keys.map((k) => keySql(knex, k)), ...values] as Knex.RawBinding[]);
    return;
  }
  const clause = (i: number): Knex.Raw => {
    const k = keys[i];
    const key = keySql(knex, k);
    const op = greater(k.dir);
    const strictly = k.nullable && op === '>'
      ? knex.raw(`(? > ? or ? is null)`, [key, values[i] as Knex.RawBinding, key])
      : knex.raw(`? ${op} ?`, [key, values[i] as Knex.RawBinding]);
    if (i === keys.length - 1) return strictly;
    return knex.raw(`(? or (? = ? and ?))`, [strictly, key, values[i] as Knex.RawBinding, clause(i + 1)]);
  };
  query.whereRaw('?', [clause(0)]);
}

/** Whether the rows beyond a cursor are two ranges: one nullable sort (and the id), walked towards its NULLs. */
export function beyondSpansNulls(keys: OrderKey[], backwards: boolean): boolean {
  return keys.length === 2 && Boolean(keys[0].nullable) && (keys[0].dir === 'asc') !== backwards;
}

/**
 * The page beyond a cursor when it spans the NULLs (beyondSpansNulls): the rows with a value beyond the cursor's,
 * then the NULLs, each an index range of its own with its own limit, joined. One condition with an OR of both
 * cannot start an index scan, so it read every row before the cursor (seconds deep in a million rows).
 */
export function pageAcrossNulls(knex: Knex, page: Knex.QueryBuilder, keys: OrderKey[], values: unknown[], backwards: boolean, limit: number): Knex.QueryBuilder {
  const valued = page.clone();
  whereBeyond(knex, valued, keys.map((k) => ({ ...k, nullable: false })), values, backwards);
  const nulls = page.clone().whereRaw('? is null', [keySql(knex, keys[0])]);
  for (const part of [valued, nulls]) {
    applyOrder(part, keys, backwards);
    part.limit(limit);
  }
  return knex.select('*').from(knex.raw('((?) union all (?)) as beyond', [valued, nulls]));
}
