import { Readable, pipeline } from 'node:stream';
import type { Knex } from 'knex';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
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

/**
 * The rows of a prepared list in its order, a batch at a time: each batch continues after the last row of
 * the one before (keyset, as Next does), so no batch costs an OFFSET scan and PGlite's one connection is
 * free between batches. Where that could miss rows (nulls under an ascending sort, or a null in the row
 * continued from), a batch skips the rows already sent instead: slower, never wrong.
 */
export async function* listRows(knex: Knex, prepared: PreparedList, batchSize = exportBatchSize): AsyncGenerator<Record<string, unknown>> {
  const fields = [...new Set([...prepared.visibleColumns.map((c) => c.field), ...prepared.keyFields])];
  const ascending = prepared.keys.slice(0, -1).filter((k) => k.dir === 'asc').map((k) => k.field);
  const keysetSafe = !(await hasNulls(knex, prepared, ascending));
  let after: unknown[] | null = null;
  let sent = 0;
  for (;;) {
    const batch = prepared.filtered.clone().select(fields);
    if (keysetSafe && after && !after.includes(null)) whereBeyond(knex, batch, prepared.keys, after, false);
    else if (sent) batch.offset(sent);
    applyOrder(batch, prepared.keys, false);
    const rows = (await batch.limit(batchSize)) as Array<Record<string, unknown>>;
    for (const row of rows) yield row;
    sent += rows.length;
    if (rows.length < batchSize) return;
    after = keyValuesOf(rows.at(-1)!, prepared.keyFields);
  }
}

/**
 * The current view of a list as CSV, streamed: the same filters and order as the page (one prepareList),
 * the visible columns with their labels as the header. Cells that a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return) are prefixed with a quote by csv-stringify's escape_formulas.
 */
export function exportCsv(knex: Knex, base: Knex.QueryBuilder, list: ListDefinition, options: ListOptions, query: ListQuery): Readable {
  const prepared = prepareList(base, list, options, query);
  const columns = prepared.visibleColumns;
  async function* records() {
    yield columns.map((c) => c.label);
    for await (const row of listRows(knex, prepared)) yield columns.map((c) => csvCell(row[c.field], c));
  }
  const csv = stringify({ bom: true, escape_formulas: true, record_delimiter: 'windows' });
  // pipeline: a failing query destroys the CSV stream too, so the response ends as failed rather than short.
  return pipeline(Readable.from(records()), csv, () => {});
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
