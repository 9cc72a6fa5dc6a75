import { PassThrough, Readable } from 'node:stream';
import type { Knex } from 'knex';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { csvCell, exportBatchSize, exportStrategyFor } from '../../lib/list/export-csv.ts';
import type { ReportDefinition } from './definition.ts';
import { reportPdf, type PdfHeading } from './export-pdf.ts';
import { reportError } from './reports-db.ts';
import { reportStatement, type Sort } from './run.ts';

type Row = Record<string, unknown>;

export interface ExportSource { db: Knex; def: ReportDefinition; bindings: Record<string, unknown>; sorts: Sort[]; timeoutSeconds: number; batchSize?: number }

const limitSql = (seconds: number) => `set local statement_timeout = ${Math.max(1, Math.round(seconds * 1000))}`;

/**
 * The whole result in the run's order, a batch at a time, never all of it in memory. Where the database has
 * connections to spare, one read-only transaction reads it through a cursor (one snapshot, one sort); on PGlite's one
 * connection each batch is a short read-only transaction of its own (limit/offset over the stable order), so
 * other requests go between batches.
 */
export async function* reportBatches(source: ExportSource): AsyncGenerator<Row[]> {
  const { db, def, bindings, sorts, timeoutSeconds } = source;
  const batchSize = source.batchSize ?? exportBatchSize;
  const { from, orderBy } = reportStatement(def, sorts);
  const select = `select * from ${from} order by ${orderBy}`;
  if (exportStrategyFor(db) === 'cursor') {
    const trx = await db.transaction({ readOnly: true });
    try {
      await trx.raw(limitSql(timeoutSeconds));
      await trx.raw(`declare report_export no scroll cursor for ${select}`, bindings as Knex.ValueDict);
      for (;;) {
        const { rows } = (await trx.raw(`fetch forward ${batchSize} from report_export`)) as { rows: Row[] };
        if (rows.length) yield rows;
        if (rows.length < batchSize) break;
      }
      await trx.commit();
    } catch (error) {
      throw reportError(error, timeoutSeconds);
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
    return;
  }
  for (let offset = 0; ; offset += batchSize) {
    let rows: Row[];
    try {
      rows = await db.transaction(async (trx) => {
        await trx.raw('set transaction read only');
        await trx.raw(limitSql(timeoutSeconds));
        return ((await trx.raw(`${select} limit ${batchSize} offset ${offset}`, bindings as Knex.ValueDict)) as { rows: Row[] }).rows;
      });
    } catch (error) {
      throw reportError(error, timeoutSeconds);
    }
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The batches with the first already read: a report that fails at once (its time limit, a value it cannot take) is
 * answered with its error, not with a download cut short after its headers were sent.
 */
export async function primedBatches(source: ExportSource): Promise<AsyncGenerator<Row[]>> {
  const batches = reportBatches(source);
  const first = await batches.next();
  async function* all() {
    try {
      if (first.done) return;
      yield first.value;
      yield* batches;
    } finally {
      await batches.return(undefined);
    }
  }
  return all();
}

/** The export as CSV: a header of the columns' titles, then every row in column order (formula-like cells quoted). */
export function reportCsv(def: ReportDefinition, batches: AsyncIterable<Row[]>): Readable {
  const columns = def.Columns;
  const format = { escape_formulas: true, record_delimiter: 'windows' } as const;
  async function* chunks() {
    yield `\uFEFF${stringify([columns.map((c) => c.Title)], format)}`;
    for await (const batch of batches) yield stringify(batch.map((row) => columns.map((c) => csvCell(row[c.Name], {}))), format);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A cell as a spreadsheet keeps it: numbers as numbers, everything else as csvCell writes it. */
const xlsxCell = (value: unknown) => (typeof value === 'number' ? value : csvCell(value, {}));

/**
 * The export as XLSX through exceljs's streaming writer: rows are committed as they come; a sheet holds `sheetRows`
 * rows with its header (Excel's 1,048,576), the rest continuing on "Report 2", "Report 3"...
 */
export function reportXlsx(def: ReportDefinition, batches: AsyncIterable<Row[]>, sheetRows: number): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const titles = def.Columns.map((c) => c.Title);
  const write = async () => {
    let sheet: ExcelJS.Worksheet | null = null;
    let onSheet = 0;
    let sheets = 0;
    for await (const batch of batches) {
      if (out.destroyed) return; // the client went away: the batches' transaction ends with the loop
      for (const row of batch) {
        if (!sheet || onSheet >= sheetRows) {
          sheet?.commit();
          sheet = workbook.addWorksheet(++sheets === 1 ? 'Report' : `Report ${sheets}`);
          sheet.addRow(titles).commit();
          onSheet = 1;
        }
        sheet.addRow(def.Columns.map((c) => xlsxCell(row[c.Name]))).commit();
        onSheet++;
      }
      // Let the zip drain to the client before the next batch is read.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    if (!sheet) workbook.addWorksheet('Report').addRow(titles).commit();
    else sheet.commit();
    await workbook.commit();
  };
  write().catch((error: Error) => out.destroy(error));
  return out;
}

export const exportTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
export type ExportFormat = keyof typeof exportTypes;

/** The export in one of its formats, streamed from the batches (the PDF's heading is used by the PDF only). */
export function reportFile(format: ExportFormat, def: ReportDefinition, batches: AsyncIterable<Row[]>, heading: PdfHeading, sheetRows: number): Readable {
  if (format === 'csv') return reportCsv(def, batches);
  return format === 'xlsx' ? reportXlsx(def, batches, sheetRows) : reportPdf(def, batches, heading);
}
