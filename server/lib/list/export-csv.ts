import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { ColumnDefinition, ListDefinition } from '../../../engine/core/screen-document.ts';
import { keyValuesOf } from './cursor.ts';
import { applyOrder, whereBeyond } from './order.ts';
import { prepareList, type ListOptions, type PreparedList } from './prepare.ts';
import type { ListQuery } from './types.ts';

/** Rows read per query: small enough that PGlite's one connection is never held for long between batches. */
export const exportBatchSize = 1000;

/** A cell as text: booleans and dates by the column's format, dates otherwise in ISO 8601 (UTC). */
export function csvCell(value: unknown, column: Pick<ColumnDefinition, 'format'>): string {
  if (value === null || value === undefined) return '';
  if (column.format === 'yesNo') return value ? 'Yes' : 'No';
  if (column.format === 'activeInactive') return value ? 'Active' : 'Inactive';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * Whether any row of the view has a null in one of these columns. PostgreSQL sorts nulls last in ascending
 * order, and a row comparison with a null is never true, so continuing after a row would skip such rows.
 */
async function hasNulls(knex: Knex, prepared: PreparedList, fields: string[]): Promise<boolean> {
  if (!fields.length) return false;
  const probe = prepared.filtered.clone().clearSelect().clearOrder()
    .where((q) => { for (const f of fields) q.orWhereNull(f); })
    .first(knex.raw('1 as found'));
  return Boolean(await probe);
}

type Row = Record<string, unknown>;

const exportedFields = (prepared: PreparedList) => [...new Set([...prepared.visibleColumns.map((c) => c.field), ...prepared.keyFields])];

/**
 * Keyset batches: each batch continues after the last row of the one before (as Next does), so the one
 * connection is free between batches. Cheap only where an index serves the order; where continuing could
 * miss rows (nulls under an ascending sort, or a null in the row continued from), a batch skips the rows
 * already sent instead: slower, never wrong.
 */
async function* keysetBatches(knex: Knex, prepared: PreparedList, batchSize: number): AsyncGenerator<Row[]> {
  const fields = exportedFields(prepared);
  const ascending = prepared.keys.slice(0, -1).filter((k) => k.dir === 'asc').map((k) => k.field);
  const keysetSafe = !(await hasNulls(knex, prepared, ascending));
  let after: unknown[] | null = null;
  let sent = 0;
  for (;;) {
    const batch = prepared.filtered.clone().select(prepared.selection(fields));
    if (keysetSafe && after && !after.includes(null)) whereBeyond(knex, batch, prepared.keys, after, false);
    else if (sent) batch.offset(sent);
    applyOrder(batch, prepared.keys, false);
    const rows = (await batch.limit(batchSize)) as Row[];
    if (rows.length) yield rows;
    sent += rows.length;
    if (rows.length < batchSize) return;
    after = keyValuesOf(rows.at(-1)!, prepared.keyFields);
    // PGlite answers within the same turn of the event loop: without this pause one export would run as a
    // single chain of promise callbacks, and no other request could finish until it ended.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * One ordered query read through a server-side cursor, a batch per FETCH: one scan and at most one sort
 * whatever the order, one snapshot, and memory bounded by the batch. It holds a connection (in a
 * read-only transaction) until the last row, or until the client goes away.
 */
async function* cursorBatches(knex: Knex, prepared: PreparedList, batchSize: number): AsyncGenerator<Row[]> {
  const query = prepared.filtered.clone().select(prepared.selection(exportedFields(prepared)));
  applyOrder(query, prepared.keys, false);
  const { sql, bindings } = query.toSQL();
  const trx = await knex.transaction({ readOnly: true });
  try {
    // Every row will be read: plan for the whole result, not (as for cursors by default) for the first tenth.
    await trx.raw('set local cursor_tuple_fraction = 1');
    await trx.raw(`declare list_export no scroll cursor for ${sql}`, bindings as Knex.RawBinding[]);
    for (;;) {
      const { rows } = (await trx.raw(`fetch forward ${Math.trunc(batchSize)} from list_export`)) as { rows: Row[] };
      if (rows.length) yield rows;
      if (rows.length < batchSize) break;
    }
    await trx.commit();
  } finally {
    if (!trx.isCompleted()) await trx.rollback();
  }
}

export type ExportStrategy = 'cursor' | 'keyset';

/**
 * Where the database has connections to spare (PostgreSQL's pool) an export reads through a cursor; on
 * PGlite, which serves one connection, it reads in keyset batches so other requests go between them.
 */
export function exportStrategyFor(knex: Knex): ExportStrategy {
  const max = (knex.client as { config?: { pool?: { max?: number } } }).config?.pool?.max ?? 1;
  return max > 1 ? 'cursor' : 'keyset';
}

export interface ReadOptions { batchSize?: number; strategy?: ExportStrategy }

/** The rows of a prepared list in its order, a batch at a time. */
export function listBatches(knex: Knex, prepared: PreparedList, options: ReadOptions = {}): AsyncGenerator<Row[]> {
  const batchSize = options.batchSize ?? exportBatchSize;
  return (options.strategy ?? exportStrategyFor(knex)) === 'cursor' ? cursorBatches(knex, prepared, batchSize) : keysetBatches(knex, prepared, batchSize);
}

/** The rows of a prepared list in its order, one at a time. */
export async function* listRows(knex: Knex, prepared: PreparedList, options: ReadOptions = {}): AsyncGenerator<Row> {
  for await (const batch of listBatches(knex, prepared, options)) yield* batch;
}

/**
 * The current view of a list as CSV, streamed: the same filters and order as the page (one prepareList),
 * the visible columns with their labels as the header. Cells that a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return) are prefixed with a quote by csv-stringify's escape_formulas.
 */
export function exportCsv(knex: Knex, base: Knex.QueryBuilder, list: ListDefinition, options: ListOptions, query: ListQuery): Readable {
  const prepared = prepareList(base, list, options, query);
  const columns = prepared.visibleColumns;
  const format = { escape_formulas: true, record_delimiter: 'windows' } as const;
  // A chunk of CSV per batch: row by row through a stream costs several times the database's own time.
  async function* chunks() {
    yield `\uFEFF${stringify([columns.map((c) => c.label)], format)}`; // the BOM: spreadsheets then read UTF-8
    for await (const batch of listBatches(knex, prepared)) {
      yield stringify(batch.map((row) => columns.map((c) => csvCell(row[c.field], c))), format);
    }
  }
  // A failing query destroys the stream, so the response ends as failed rather than short.
  return Readable.from(chunks(), { objectMode: false });
}

/** Sends an export as a CSV download named `<name>-<yyyy-mm-dd>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: Readable): FastifyReply {
  const fileName = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
