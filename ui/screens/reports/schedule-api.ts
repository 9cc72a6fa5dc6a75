import { api } from '../../api/api.ts';

/** The report schedule calls (server/modules/reports/schedule-routes.ts, branch wip/reports-mail). */
export type Frequency = 'daily' | 'weekly' | 'monthly';
export type ScheduleFormat = 'csv' | 'xlsx' | 'pdf';
export interface ScheduleBody {
  ReportId: number; FavoriteId: number; Frequency: Frequency; Weekday: number | null; MonthDay: number | null;
  Time: string; TimeZone: string; Format: ScheduleFormat;
}
export interface ReportSchedule extends ScheduleBody {
  ScheduleId: number; ReportName: string; FavoriteName: string; IsActive: boolean;
  NextRunAt: string; LastRunAt: string | null; LastStatus: 'sent' | 'failed' | null; LastError: string | null;
}

export const scheduleApi = {
  /** The user's own schedules, of every report. */
  list: () => api.get<ReportSchedule[]>('/api/reports/schedules'),
  create: (body: ScheduleBody) => api.post<ReportSchedule>('/api/reports/schedules', body),
  remove: (id: number) => api.delete<void>(`/api/reports/schedules/${id}`),
  /** Runs it now and answers once it was sent (or failed: its LastStatus and LastError say why). */
  sendNow: (id: number) => api.post<ReportSchedule>(`/api/reports/schedules/${id}/send-now`, {}),
};
