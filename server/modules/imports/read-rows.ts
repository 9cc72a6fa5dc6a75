import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** The kinds of file an import reads. */
export type ImportFileKind = 'csv' | 'xlsx';

/** One row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface FileRow {
  number: number;
  cells: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet's date as the product shows dates (MM/dd/yyyy; with the time when it has one). exceljs reads them as UTC. */
function dateText(date: Date): string {
  const day = `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
  const hasTime = date.getUTCHours() || date.getUTCMinutes();
  return hasTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}

/** An XLSX cell's value as the text a CSV would hold: the same conversions then apply to both kinds of file. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'object') return String(value);
  const v = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: string };
  if (v.richText) return v.richText.map((part) => part.text).join('');
  if (v.result !== undefined) return cellText(v.result);
  if (v.text !== undefined) return cellText(v.text);
  return v.error ?? '';
}

async function* csvRows(stream: Readable): AsyncGenerator<FileRow> {
  // A row per record (a quoted cell may hold line breaks); blank lines are no rows. Back-pressure holds the file back
  // while a batch is written, so only a batch of rows is in memory whatever the file's size.
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: false }));
  let number = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number++;
      yield { number, cells: record };
    }
  } finally {
    stream.destroy();
  }
}

async function* xlsxRows(stream: Readable): AsyncGenerator<FileRow> {
  // The first worksheet, streamed: shared strings are kept (a workbook's index of its texts), rows are not.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]));
        if (cells.every((c) => c.trim() === '')) continue;
        yield { number: row.number, cells };
      }
      return;
    }
  } finally {
    stream.destroy();
  }
}

/** The rows of a file, header first, streamed. */
export function fileRows(kind: ImportFileKind, stream: Readable): AsyncGenerator<FileRow> {
  return kind === 'csv' ? csvRows(stream) : xlsxRows(stream);
}

/** The header row's labels (the first row), reading no further. */
export async function headerOf(kind: ImportFileKind, stream: Readable): Promise<string[]> {
  const rows = fileRows(kind, stream);
  try {
    const first = await rows.next();
    return first.done ? [] : first.value.cells.map((c) => c.trim());
  } finally {
    await rows.return(undefined);
  }
}
