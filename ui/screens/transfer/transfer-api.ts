import type { TransferImport } from '../../../metadata/types/TransferImport.ts';
import { api } from '../../api/api.ts';

export type PlanEntry = TransferImport['Summary'][number];
/** Something of this installation's own that a document would take over; Key is what the import's TakeOver names. */
export interface Conflict { Kind: string; Key: string; Name: string; Message: string }
export interface ExportableForm { Id: number; Name: string; IsActive: boolean; Pages: string[] }

/** The calls of the Application Transfer screen (server/modules/transfer/routes.ts). */
export const transferApi = {
  forms: () => api.get<ExportableForm[]>('/api/transfer/forms'),
  exportForms: (FormIds: number[]) => api.post<Record<string, unknown>>('/api/transfer/export', { FormIds }),
  preview: (Document: unknown) => api.post<{ Plan: PlanEntry[]; Conflicts: Conflict[] }>('/api/transfer/preview', { Document }),
  importDocument: (Document: unknown, FileName: string, TakeOver: string[]) =>
    api.post<{ ImportId: number | null; Plan: PlanEntry[] }>('/api/transfer/import', { Document, FileName, TakeOver }),
  imports: () => api.get<TransferImport[]>('/api/transfer/imports'),
  rollback: (importId: number) => api.post<TransferImport>(`/api/transfer/imports/${importId}/rollback`, {}),
};

/** Hands the document to the browser as a .json download. */
export function downloadJson(document_: unknown, fileName: string): void {
  const href = URL.createObjectURL(new Blob([JSON.stringify(document_, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href, download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** A file name from the forms exported: 'incident-report.transfer.json'. */
export function exportFileName(names: string[]): string {
  const slug = names.join(' ').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'forms';
  return `${slug}.transfer.json`;
}
