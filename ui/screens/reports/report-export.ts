import { fetchWithSession } from '../../api/download.ts';
import type { ReportParams } from './report-api.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export interface ExportProgress { bytes: number; rows: number | null }

const mimeOf: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The file name a Content-Disposition header gives (quoted or not, or RFC 5987's filename*), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition ?? '');
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch { /* the plain name below */ }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** '1.2 MB received': the bytes of the export so far, in words. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The whole result as a file: a plain fetch with the session's headers (the API client reads whole bodies as text),
 * read as a stream so the bytes received (and the rows, when the server says how many in X-Report-Rows) show as it
 * comes, cancelled by the signal, then handed over as a Blob under the Content-Disposition name.
 */
export async function exportReport(
  body: { ReportId: number; Params: ReportParams; Sorts?: Array<{ Field: string; Dir: 'asc' | 'desc' }> },
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchWithSession(`/api/reports/export?format=${format}`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: `${mimeOf[format]}, application/json` }, body: JSON.stringify(body), signal,
  });
  const rowsHeader = Number(response.headers.get('x-report-rows'));
  const rows = response.headers.has('x-report-rows') && Number.isFinite(rowsHeader) ? rowsHeader : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  onProgress({ bytes, rows });
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ bytes, rows });
  }
  return { blob: new Blob(chunks as BlobPart[], { type: mimeOf[format] }), fileName: fileNameOf(response.headers.get('content-disposition'), `report.${format}`) };
}
