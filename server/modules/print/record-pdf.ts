import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { PrintedRecord } from './print-values.ts';

/** The client's letterhead: its company name and logo (PNG or JPEG bytes) from the client settings. */
export interface Letterhead {
  companyName: string | null;
  logo: Buffer | null;
}

/**
 * Google's Noto Sans (SIL Open Font License), embedded as the subset a print uses: Latin with its accents (Polish,
 * Czech, Turkish, ...), Greek and Cyrillic print as typed, which the PDF standard fonts (Windows-1252 only) cannot.
 */
const fonts = (() => {
  const resolve = createRequire(import.meta.url).resolve;
  return {
    regular: resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  };
})();
const regular = 'Body';
const bold = 'Body-Bold';

const margin = 54;
const labelWidth = 170;
const gap = 14;
const colors = { text: '#1f2933', label: '#52606d', rule: '#cbd2d9', faint: '#7b8794' };

/** PDFKit draws PNG and JPEG images only: a logo in another format (GIF, BMP) is left out rather than failing the print. */
export function drawableImage(bytes: Buffer | null): Buffer | null {
  if (!bytes || bytes.length < 4) return null;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  return png || jpeg ? bytes : null;
}

/**
 * A printed record as a PDF document (US Letter), returned as a stream the caller pipes to its destination: the
 * letterhead (logo and company name), the title, each field's label and value in two columns (long values wrap and
 * flow over pages, a label never stays alone at a page's foot), the record info, and on every page a footer with
 * when it was printed, by whom, and the page number.
 */
export function recordPdf(record: PrintedRecord, letterhead: Letterhead, footer: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'LETTER', margin, bufferPages: true, info: { Title: record.title, ...(letterhead.companyName ? { Creator: letterhead.companyName } : {}) } });
  doc.registerFont(regular, fonts.regular);
  doc.registerFont(bold, fonts.bold);
  const width = doc.page.width - margin * 2;
  const bottom = () => doc.page.height - margin;

  // Letterhead: the logo at the left, the company name beside it (or alone).
  const top = doc.y;
  let headerBottom = top;
  const logo = drawableImage(letterhead.logo);
  let nameX = margin;
  if (logo) {
    try {
      doc.image(logo, margin, top, { fit: [140, 48] });
      headerBottom = top + 48;
      nameX = margin + 156;
    } catch {
      // An image PDFKit cannot read (a damaged file with the right signature): the print goes on without it.
    }
  }
  if (letterhead.companyName) {
    doc.font(bold).fontSize(13).fillColor(colors.text);
    const h = doc.heightOfString(letterhead.companyName, { width: width - (nameX - margin) });
    doc.text(letterhead.companyName, nameX, top + (logo && headerBottom > top ? Math.max(0, (48 - h) / 2) : 0), { width: width - (nameX - margin) });
    headerBottom = Math.max(headerBottom, doc.y);
  }
  doc.y = headerBottom;
  if (headerBottom > top) {
    doc.moveDown(0.6);
    doc.moveTo(margin, doc.y).lineTo(margin + width, doc.y).lineWidth(0.75).strokeColor(colors.rule).stroke();
    doc.moveDown(0.8);
  }

  doc.font(bold).fontSize(18).fillColor(colors.text).text(record.title, margin, doc.y, { width });
  doc.moveDown(0.8);

  const valueX = margin + labelWidth + gap;
  const valueWidth = width - labelWidth - gap;
  for (const { label, value } of record.fields) {
    doc.font(bold).fontSize(10);
    const labelHeight = doc.heightOfString(label, { width: labelWidth });
    doc.font(regular).fontSize(11);
    const shown = value === '' ? '—' : value;
    const firstLine = doc.heightOfString('X', { width: valueWidth });
    // The label and at least the value's first line share a page; a longer value then flows on over pages.
    if (doc.y + Math.max(labelHeight, firstLine) > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(bold).fontSize(10).fillColor(colors.label).text(label, margin, y + 1, { width: labelWidth });
    const afterLabel = doc.y;
    const labelPage = doc.page;
    doc.font(regular).fontSize(11).fillColor(value === '' ? colors.faint : colors.text).text(shown, valueX, y, { width: valueWidth });
    // Below the taller of the two; a value that flowed onto further pages already ends below its label.
    if (doc.page === labelPage) doc.y = Math.max(doc.y, afterLabel);
    doc.x = margin;
    doc.moveDown(0.55);
  }

  if (record.recordInfo.length) {
    doc.moveDown(0.6);
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.moveTo(margin, doc.y).lineTo(margin + width, doc.y).lineWidth(0.75).strokeColor(colors.rule).stroke();
    doc.moveDown(0.6);
    doc.font(regular).fontSize(9.5).fillColor(colors.label);
    for (const line of record.recordInfo) doc.text(line, margin, doc.y, { width });
  }

  // Footers last, once the page count is known: written inside the bottom margin, so no page is added for them.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - margin + 18;
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(regular).fontSize(8.5).fillColor(colors.faint);
    doc.text(footer, margin, y, { width: width - 80, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, margin + width - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return doc;
}
