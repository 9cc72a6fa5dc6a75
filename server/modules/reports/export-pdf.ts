import { createRequire } from 'node:module';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { csvCell } from '../../lib/list/export-csv.ts';
import type { ColumnDefinition, ReportDefinition } from './definition.ts';

type Row = Record<string, unknown>;

/** What the first page says above the rows: the report's title, its parameters as given, when it was generated. */
export interface PdfHeading { title: string; parameters: Array<{ Title: string; Value: string }>; generated: string }

/** The parameters as the run was given them, by their titles (a select many's values joined). */
export function givenParameters(def: ReportDefinition, params: Record<string, string | string[] | null | undefined> | undefined): PdfHeading['parameters'] {
  return def.Parameters.map((p) => {
    const value = params?.[p.Param];
    return { Title: p.Title, Value: Array.isArray(value) ? value.join(', ') : (value ?? '') };
  });
}

/** An instant as the heading shows it: yyyy-mm-dd HH:MM in the zone, named. */
export function generatedAt(at: Date, timeZone = 'UTC'): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${timeZone}`;
}

/** The print's fonts (server/modules/print/record-pdf.ts): Noto Sans prints Greek, Cyrillic and accented Latin as typed. */
const fonts = (() => {
  const resolve = createRequire(import.meta.url).resolve;
  return { regular: resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'), bold: resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf') };
})();
const regular = 'Body';
const bold = 'Body-Bold';
const margin = 36;
const pad = 3;
const fontSize = 8.5;
/** A long cell wraps to at most this many lines, the rest cut with an ellipsis: rows stay readable and pages countable. */
const maxLines = 3;
const colors = { text: '#1f2933', label: '#52606d', rule: '#cbd2d9', faint: '#7b8794', head: '#e4e7eb' };
const weights: Record<ColumnDefinition['Type'], number> = { string: 2, datetime: 1.5, date: 1.1, number: 1, boolean: 0.8 };
const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false });

/** Running totals over the rows as they pass, as the run computes them: sum, count of values, and their average. */
function totalsOf(columns: ColumnDefinition[]) {
  const sums = new Map(columns.map((c) => [c.Name, { sum: 0, count: 0 }]));
  return {
    add(row: Row) {
      for (const [name, t] of sums) {
        const v = row[name];
        if (v === null || v === undefined) continue;
        t.count++;
        t.sum += Number(v) || 0;
      }
    },
    value(c: ColumnDefinition): number {
      const t = sums.get(c.Name)!;
      return c.Total === 'count' ? t.count : c.Total === 'avg' ? (t.count ? t.sum / t.count : 0) : t.sum;
    },
  };
}

/**
 * The export as a PDF (US Letter, landscape), streamed: each batch is drawn as it comes and every finished page leaves
 * at once, so the whole result is never in memory. The first page names the report, its parameters and when it was
 * generated; every page repeats the columns' titles and numbers itself; a totals row ends the report when it has totals.
 */
export function reportPdf(def: ReportDefinition, batches: AsyncIterable<Row[]>, heading: PdfHeading): Readable {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin, info: { Title: heading.title } });
  doc.registerFont(regular, fonts.regular);
  doc.registerFont(bold, fonts.bold);
  const out = new PassThrough();
  doc.on('data', (chunk: Buffer) => out.write(chunk));
  doc.on('end', () => out.end());
  const columns = def.Columns;
  const width = doc.page.width - margin * 2;
  const bottom = () => doc.page.height - margin;
  const sum = columns.reduce((s, c) => s + weights[c.Type], 0);
  const widths = columns.map((c) => (width * weights[c.Type]) / sum);
  let pageNumber = 1;

  const footer = () => {
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(regular).fontSize(7.5).fillColor(colors.faint);
    doc.text(`${heading.title} · page ${pageNumber}`, margin, doc.page.height - margin + 12, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = saved;
  };

  /** One row of cells from y, its height the tallest cell's (capped at maxLines): the y below it. */
  const rowHeight = (cells: string[]) => {
    doc.font(regular).fontSize(fontSize);
    const line = doc.currentLineHeight(true);
    return Math.min(maxLines * line, Math.max(line, ...cells.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i] - pad * 2 })))) + pad * 2;
  };
  const drawRow = (cells: string[], y: number, style: { font: string; fill?: string }) => {
    const h = rowHeight(cells);
    if (style.fill) doc.rect(margin, y, width, h).fill(style.fill);
    let x = margin;
    doc.font(style.font).fontSize(fontSize).fillColor(colors.text);
    cells.forEach((text, i) => {
      const align = columns[i].Type === 'number' ? 'right' : 'left';
      doc.text(text, x + pad, y + pad, { width: widths[i] - pad * 2, height: h - pad * 2, ellipsis: true, align });
      x += widths[i];
    });
    doc.moveTo(margin, y + h).lineTo(margin + width, y + h).lineWidth(0.5).strokeColor(colors.rule).stroke();
    return y + h;
  };
  const titles = columns.map((c) => c.Title);
  const header = (y: number) => drawRow(titles, y, { font: bold, fill: colors.head });
  /** A row on this page if it fits, else on a new page under the repeated header. */
  const place = (cells: string[], y: number, style: { font: string; fill?: string }) => {
    if (y + rowHeight(cells) > bottom()) {
      doc.addPage();
      pageNumber++;
      footer();
      y = header(margin);
    }
    return drawRow(cells, y, style);
  };

  const write = async () => {
    footer();
    doc.font(bold).fontSize(15).fillColor(colors.text).text(heading.title, margin, margin, { width });
    doc.font(regular).fontSize(9).fillColor(colors.label);
    const given = heading.parameters.map((p) => `${p.Title}: ${p.Value}`).join('   ·   ');
    if (given) doc.text(given, { width });
    doc.text(`Generated ${heading.generated}`, { width });
    let y = header(doc.y + 8);
    const totals = totalsOf(columns.filter((c) => c.Total));
    let rows = 0;
    for await (const batch of batches) {
      if (out.destroyed) return; // the reader went away: the batches' transaction ends with the loop
      for (const row of batch) {
        totals.add(row);
        rows++;
        y = place(columns.map((c) => csvCell(row[c.Name], {})), y, { font: regular });
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    if (!rows) {
      doc.font(regular).fontSize(fontSize).fillColor(colors.faint).text('No rows.', margin, y + pad, { width });
      y = doc.y + pad;
    }
    if (columns.some((c) => c.Total)) {
      // "Total" in the first column that has no total of its own (none when every column has one).
      const label = columns.findIndex((c) => !c.Total);
      const cells = columns.map((c, i) => (c.Total ? numberText.format(totals.value(c)) : i === label ? 'Total' : ''));
      place(cells, y, { font: bold, fill: colors.head });
    }
    doc.end();
  };
  write().catch((error: Error) => out.destroy(error));
  return out;
}
