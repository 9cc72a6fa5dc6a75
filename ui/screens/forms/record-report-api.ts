import { api } from '../../api/api.ts';
import type { RecordReportSetting as Stored } from '../../../engine/core/lowcode/types.ts';

/** A form's record report as its calls carry it (server/modules/forms/record-report-routes.ts); FileName null: none. */
export type RecordReportSetting = Omit<Stored, 'FileName'> & { FileName: string | null };

export const recordReportApi = {
  get: (formId: number) => api.get<RecordReportSetting>(`/api/forms/${formId}/record-report`),
  save: (formId: number, setting: RecordReportSetting) => api.post<RecordReportSetting>(`/api/forms/${formId}/record-report`, setting),
};
