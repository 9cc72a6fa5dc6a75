import type { Knex } from 'knex';
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
