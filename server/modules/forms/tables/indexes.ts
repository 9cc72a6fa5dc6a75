import type { Knex } from 'knex';
import { toSnakeCase } from '../../../../engine/core/naming.ts';
import { udfValueSql } from '../../../lib/list/udf-columns.ts';
import { indexName, quote } from './columns.ts';

export const searchIndexName = (table: string) => indexName(table, 'search_trgm');
export const orderIndexName = (table: string, column: string) => indexName(table, column, 'order');

/** The trigram index of one column, for a list that searches each column on its own (a built form's). */
export const columnSearchIndexName = (table: string, column: string) => indexName(table, column, 'trgm');

/** A (column, record_id) b-tree: a page of the list sorted by the column, either direction, is a range scan. */
export async function createOrderIndex(db: Knex, table: string, column: string): Promise<void> {
  await db.raw(`create index if not exists ${quote(orderIndexName(table, column))} on ${quote(table)} (${quote(column)}, "record_id")`);
}

/** A trigram (GIN) index over one text column: contains-search of that column alone is an index lookup. */
export async function createColumnSearchIndex(db: Knex, table: string, column: string): Promise<void> {
  await db.raw(`create index if not exists ${quote(columnSearchIndexName(table, column))} on ${quote(table)} using gin (${quote(column)} gin_trgm_ops)`);
}

/**
 * The searchable columns, in order, as one trigram index over the very expression the generic list's
 * contains-search builds (server/lib/list/search.ts): coalesce(a::text, '') || ' ' || coalesce(b::text, '') ...
 * The ordered column list is kept as the index's comment, so adding a searchable column can rebuild it.
 */
export async function setSearchColumns(trx: Knex.Transaction, table: string, columns: string[]): Promise<void> {
  const name = searchIndexName(table);
  await trx.raw(`drop index if exists ${quote(name)}`);
  if (!columns.length) return;
  const expression = columns.map((c) => `coalesce(${quote(c)}::text, '')`).join(" || ' ' || ");
  await trx.raw(`create index ${quote(name)} on ${quote(table)} using gin ((${expression}) gin_trgm_ops)`);
  await rememberSearchColumns(trx, table, columns);
}

/** Stores the ordered searchable columns as the search index's comment. */
export async function rememberSearchColumns(trx: Knex.Transaction, table: string, columns: string[]): Promise<void> {
  for (const c of columns) quote(c);
  // A comment cannot be a bound parameter of a utility statement: it is JSON of checked identifiers, quoted as a literal.
  await trx.raw(`comment on index ${quote(searchIndexName(table))} is ${literal(JSON.stringify(columns))}`);
}

/** The searchable columns of a table's trigram index, in order (none when it has no such index). */
export async function searchColumns(trx: Knex.Transaction, table: string): Promise<string[]> {
  const result = await trx.raw(`select obj_description(to_regclass(?), 'pg_class') as "Comment"`, [quote(searchIndexName(table))]);
  const comment = (result.rows[0] as { Comment: string | null } | undefined)?.Comment;
  return comment ? (JSON.parse(comment) as string[]) : [];
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** How a UDF's value sorts (udfValueSql): each its own order index, so a type change finds the index of its new type. */
const udfSortKinds = { numeric: 'num', integer: 'num', boolean: 'bool' } as Record<string, string>;
const udfSortKind = (columnType: string) => udfSortKinds[columnType] ?? 'text';
export const udfIndexNames = (table: string, key: string) => ({
  order: (columnType: string) => indexName(table, 'udf', toSnakeCase(key), udfSortKind(columnType)),
  search: indexName(table, 'udf', toSnakeCase(key), 'trgm'),
});

/** A (UDF value, id) b-tree over the expression the generic list sorts a UDF column by: a page of that sort is a range scan. */
export async function createUdfOrderIndex(db: Knex, table: string, idColumn: string, key: string, columnType: string): Promise<void> {
  await db.raw(`create index if not exists ${quote(udfIndexNames(table, key).order(columnType))} on ${quote(table)} (${udfValueSql(key, columnType)}, ${quote(idColumn)})`);
}

/** A trigram index over a UDF's text, the expression the generic list's contains-search of that UDF column builds. */
export async function createUdfSearchIndex(db: Knex, table: string, key: string): Promise<void> {
  await db.raw(`create index if not exists ${quote(udfIndexNames(table, key).search)} on ${quote(table)} using gin (${udfValueSql(key, 'text')} gin_trgm_ops)`);
}

/** Drops every index of a UDF key (a deleted UDF), in the caller's transaction. */
export async function dropUdfIndexes(trx: Knex, table: string, key: string): Promise<void> {
  const names = udfIndexNames(table, key);
  for (const name of [names.order('numeric'), names.order('boolean'), names.order('text'), names.search]) {
    await trx.raw(`drop index if exists ${quote(name)}`);
  }
}
