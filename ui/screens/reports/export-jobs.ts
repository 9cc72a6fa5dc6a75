import { create } from 'zustand';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { fetchWithSession, saveBlob } from '../../api/download.ts';
import type { ReportParams, Sort } from './report-api.ts';
import type { ExportFormat } from './report-export.ts';

/** A background export as the server lists it (server/modules/reports/export-job-store.ts). */
export interface ExportJob {
  ExportId: number; ReportId: number; ReportName: string; Format: ExportFormat; Status: 'running' | 'done' | 'failed' | 'cancelled';
  RowsDone: number; RowsTotal: number | null; Bytes: number | null; FileName: string; Error: string | null; CreatedAt: string; FinishedAt: string | null;
}

/** A result at least this long is exported in the background rather than while the user waits on the page. */
export const backgroundExportRows = 100_000;

/** How often the jobs are asked again while one runs. */
const pollMs = 1500;

interface ExportJobsState {
  jobs: ExportJob[];
  loaded: boolean;
  failure: string | null;
  refresh(): Promise<void>;
  start(request: { ReportId: number; Params: ReportParams; Sorts?: Sort[] }, format: ExportFormat): Promise<ExportJob>;
  remove(job: ExportJob): Promise<void>;
  download(job: ExportJob): Promise<void>;
}

let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * The user's background exports, for every screen that shows them. While one runs they are asked again every
 * pollMs, quietly (no loading bar, not the user's activity), wherever the user is in the app, so the user is told
 * when one is done or failed even after leaving the report.
 */
export const useExportJobs = create<ExportJobsState>()((set, get) => {
  const poll = () => {
    if (timer) clearTimeout(timer);
    timer = get().jobs.some((j) => j.Status === 'running') ? setTimeout(() => void get().refresh(), pollMs) : null;
  };
  return {
    jobs: [],
    loaded: false,
    failure: null,
    async refresh() {
      let jobs: ExportJob[];
      try {
        jobs = await api.get<ExportJob[]>('/api/reports/exports', { quiet: true });
      } catch {
        set({ failure: 'The background exports could not be loaded.' });
        return;
      }
      const before = new Map(get().jobs.map((j) => [j.ExportId, j.Status]));
      for (const job of jobs) {
        if (before.get(job.ExportId) !== 'running') continue;
        if (job.Status === 'done') notify('success', `The ${job.Format.toUpperCase()} export of ${job.ReportName} is ready: download it under Background exports.`);
        if (job.Status === 'failed') notify('error', `The ${job.Format.toUpperCase()} export of ${job.ReportName} failed: ${job.Error ?? 'no reason given'}`);
      }
      set({ jobs, loaded: true, failure: null });
      poll();
    },
    async start(request, format) {
      const job = await api.post<ExportJob>('/api/reports/exports', { ...request, Format: format });
      set({ jobs: [job, ...get().jobs.filter((j) => j.ExportId !== job.ExportId)], loaded: true });
      poll();
      return job;
    },
    async remove(job) {
      await api.delete<void>(`/api/reports/exports/${job.ExportId}`);
      await get().refresh();
    },
    async download(job) {
      saveBlob(await (await fetchWithSession(`/api/reports/exports/${job.ExportId}/file`)).blob(), job.FileName);
    },
  };
});

/** '1 row', '250,000 rows'. */
export const rowCount = (n: number) => (n === 1 ? '1 row' : `${n.toLocaleString('en-US')} rows`);

/** '40,000 of 1,000,000 rows (4%)': how far a job is, in words. */
export function jobProgressText(job: Pick<ExportJob, 'RowsDone' | 'RowsTotal'>): string {
  const done = job.RowsDone.toLocaleString('en-US');
  if (job.RowsTotal === null) return `${done} rows so far (counting them)`;
  const percent = job.RowsTotal ? Math.floor((100 * job.RowsDone) / job.RowsTotal) : 100;
  return `${done} of ${job.RowsTotal.toLocaleString('en-US')} rows (${percent}%)`;
}
