import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

/** The bench form's 20 fields: their names and types, and each row's cell for the field. */
export const importFields: Array<{ name: string; type: string; cell: (i: number) => string | number | Date }> = [
  ...Array.from({ length: 8 }, (_, k) => ({ name: `Text ${k + 1}`, type: 'text', cell: (i: number) => `Value ${k + 1} of row ${i}` })),
  ...Array.from({ length: 4 }, (_, k) => ({ name: `Count ${k + 1}`, type: 'integer', cell: (i: number) => (i * (k + 3)) % 100_000 })),
  ...Array.from({ length: 3 }, (_, k) => ({ name: `Amount ${k + 1}`, type: 'decimal', cell: (i: number) => ((i * (k + 7)) % 1_000_000) / 100 })),
  ...Array.from({ length: 2 }, (_, k) => ({ name: `Date ${k + 1}`, type: 'date', cell: (i: number) => new Date(Date.UTC(2020 + (i % 6), (i + k) % 12, 1 + (i % 28))) })),
  { name: 'Category', type: 'selectOne', cell: (i: number) => ['Low', 'Medium', 'High'][i % 3] },
  { name: 'Region', type: 'selectOne', cell: (i: number) => ['North', 'South', 'East', 'West'][i % 4] },
  { name: 'Checked', type: 'yesNo', cell: (i: number) => (i % 2 ? 'Yes' : 'No') },
];

const pad = (n: number) => String(n).padStart(2, '0');
const csvCell = (v: string | number | Date) => (v instanceof Date ? `${pad(v.getUTCMonth() + 1)}/${pad(v.getUTCDate())}/${v.getUTCFullYear()}` : String(v));

/** A CSV of `rows` rows, written as a stream (a million rows are never in memory). */
export async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${importFields.map((f) => f.name).join(',')}\r\n`);
  for (let i = 1; i <= rows; i++) {
    if (!out.write(`${importFields.map((f) => csvCell(f.cell(i))).join(',')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** An XLSX of `rows` rows through exceljs's streaming writer: dates as dates, numbers as numbers. */
export async function writeXlsx(path: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Records');
  sheet.addRow(importFields.map((f) => f.name)).commit();
  for (let i = 1; i <= rows; i++) {
    const row = sheet.addRow(importFields.map((f) => f.cell(i)));
    importFields.forEach((f, k) => { if (f.type === 'date') row.getCell(k + 1).numFmt = 'mm/dd/yyyy'; });
    row.commit();
    if (i % 10_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
}
