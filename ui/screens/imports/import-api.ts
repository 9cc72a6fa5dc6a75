import { toErrorList } from '../../../engine/core/error-items.ts';
import { api } from '../../api/api.ts';
import { ApiError, refreshedTokenHeader } from '../../api/client.ts';
import { handleUnauthorized } from '../../session/session-end.ts';
import { useSession } from '../../stores/session.ts';

export type ImportState = 'Uploaded' | 'Checking' | 'Checked' | 'Importing' | 'Done' | 'Cancelled' | 'Failed' | 'Undone';
export interface ColumnMapping { Column: number; Field: string }
export interface ImportJob {
  ImportJobId: number;
  UserFileName: string;
  Columns: string[];
  Mapping: ColumnMapping[];
  Fields?: Array<{ Field: string; Title: string }>;
  Mode: 'skip' | 'all' | null;
  State: ImportState;
  CancelRequested: boolean;
  TotalRows: number;
  CheckedRows: number;
  BadRows: number;
  Errors: Array<{ Row: number; Field: string | null; Message: string }>;
  Imported: number;
  Skipped: number;
  RequestedBy: string;
  Message: string | null;
  CreatedDate: string;
  FinishedDate: string | null;
  UndoneDate: string | null;
  UndoneBy: string | null;
}

/** Whether the job's runner is at work on it (the screen polls until it is not). */
export const isRunning = (job: ImportJob) => job.State === 'Checking' || job.State === 'Importing';

/** Where a screen's imports answer: the users' (/api/users/imports), or a built form's (server/modules/imports/routes.ts). */
export function importBase(screenId: string): string {
  return screenId === 'users' ? '/api/users/imports' : `/api/forms/${Number(/^form-(\d+)$/.exec(screenId)?.[1])}/imports`;
}

/** The import calls at one base (importBase). */
export function importApi(base: string) {
  return {
    /** The file as multipart, by a plain fetch with the session's headers (the API client sends JSON). */
    async upload(file: File): Promise<ImportJob> {
      const { token, session } = useSession.getState();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token && session) Object.assign(headers, { authorization: `Bearer ${token}`, 'session-id': session.SessionId, 'instance-id': session.InstanceId });
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await fetch(base, { method: 'POST', headers, body });
      const answer: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const error = new ApiError(response.status, toErrorList(answer ?? `API Call failed with status code ${response.status}`), answer);
        if (response.status === 401 && token) handleUnauthorized(error);
        throw error;
      }
      const refreshed = response.headers.get(refreshedTokenHeader);
      if (refreshed) useSession.getState().setToken(refreshed);
      return answer as ImportJob;
    },
    read: (id: number) => api.get<ImportJob>(`${base}/${id}`, { quiet: true }),
    list: () => api.get<ImportJob[]>(base, { quiet: true }),
    check: (id: number, Mapping: ColumnMapping[]) => api.post<ImportJob>(`${base}/${id}/check`, { Mapping }),
    start: (id: number, Mode: 'skip' | 'all') => api.post<ImportJob>(`${base}/${id}/start`, { Mode }),
    cancel: (id: number) => api.post<ImportJob>(`${base}/${id}/cancel`, {}),
    undo: (id: number) => api.post<ImportJob>(`${base}/${id}/undo`, {}),
  };
}
