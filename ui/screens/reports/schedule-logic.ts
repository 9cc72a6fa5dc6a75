import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { Frequency, ReportSchedule, ScheduleBody, ScheduleFormat } from './schedule-api.ts';

export const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const formatLabels: Record<ScheduleFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF' };

export interface ScheduleForm { frequency: Frequency; weekday: number; monthDay: number; time: string; timeZone: string; format: ScheduleFormat }

/** The browser's own time zone: a schedule runs at the time the user means where they are. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const firstScheduleForm = (): ScheduleForm => ({ frequency: 'weekly', weekday: 1, monthDay: 1, time: '08:00', timeZone: browserTimeZone(), format: 'xlsx' });

/** The call's body: the weekday only for a weekly one, the day of the month only for a monthly one. */
export const scheduleBodyOf = (form: ScheduleForm, reportId: number, favoriteId: number): ScheduleBody => ({
  ReportId: reportId, FavoriteId: favoriteId, Frequency: form.frequency,
  Weekday: form.frequency === 'weekly' ? form.weekday : null, MonthDay: form.frequency === 'monthly' ? form.monthDay : null,
  Time: form.time, TimeZone: form.timeZone.trim(), Format: form.format,
});

/** 'Weekly on Monday at 08:00 (Europe/Oslo)'. */
export function whenText(s: Pick<ReportSchedule, 'Frequency' | 'Weekday' | 'MonthDay' | 'Time' | 'TimeZone'>): string {
  const day = s.Frequency === 'weekly' ? ` on ${weekdays[s.Weekday ?? 0]}` : s.Frequency === 'monthly' ? ` on day ${s.MonthDay}` : '';
  return `${s.Frequency[0].toUpperCase()}${s.Frequency.slice(1)}${day} at ${s.Time} (${s.TimeZone})`;
}

/** The last run as a person reads it: not yet, sent, or failed with why. */
export function lastRunText(s: Pick<ReportSchedule, 'LastRunAt' | 'LastStatus' | 'LastError'>, format: (iso: string) => string): string {
  if (!s.LastRunAt) return 'Not run yet';
  const when = format(s.LastRunAt);
  return s.LastStatus === 'failed' ? `${when}: failed${s.LastError ? ` (${s.LastError})` : ''}` : `${when}: sent`;
}

const places: Record<string, keyof ScheduleForm> = { Frequency: 'frequency', Weekday: 'weekday', MonthDay: 'monthDay', Time: 'time', TimeZone: 'timeZone', Format: 'format' };

/** The server's field errors at their controls; the rest (the favourite, the report) shown above the form. */
export function placeScheduleErrors(items: ErrorItem[]): { fields: Partial<Record<keyof ScheduleForm, string>>; other: string[] } {
  const fields: Partial<Record<keyof ScheduleForm, string>> = {};
  const other: string[] = [];
  for (const item of items) {
    const place = places[item.PropertyName ?? ''];
    if (place) fields[place] = item.ErrorMessage;
    else other.push(item.ErrorMessage);
  }
  return { fields, other };
}

/** A time as the server takes it (HH:MM, 00:00 to 23:59); checked here first so a slip is told at once. */
export const isTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
