import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ExportFormat } from './export.ts';
import { resolvedForUser } from './form-report-sql.ts';
import { isTimeZone, nextRunAt, nextRunSql, type Frequency } from './schedule-next-run.ts';
import { reportFor } from './store.ts';

/** A schedule as the create call takes it (wire names). */
export interface ScheduleBody {
  ReportId: number; FavoriteId: number; Frequency: Frequency; Weekday?: number | null; MonthDay?: number | null;
  Time: string; TimeZone: string; Format: ExportFormat;
}

/** A report_schedules row as knex answers it. */
export interface ScheduleRow {
  ScheduleId: number; UserId: number; ReportId: number; FavoriteId: number; Frequency: Frequency; Weekday: number | null; MonthDay: number | null;
  TimeOfDay: string; TimeZone: string; Format: ExportFormat; IsActive: boolean; NextRunAt: Date; LastRunAt: Date | null;
  LastStatus: 'sent' | 'failed' | null; LastError: string | null; CreatedAt: Date;
}

export const timingOf = (s: Pick<ScheduleRow, 'Frequency' | 'Weekday' | 'MonthDay' | 'TimeOfDay' | 'TimeZone'>) =>
  ({ Frequency: s.Frequency, Weekday: s.Weekday, MonthDay: s.MonthDay, Time: s.TimeOfDay, TimeZone: s.TimeZone });

const gone = () => HttpError.of(404, 'This schedule does not exist.', null, 'NotFound');

/** The user's schedules (or one of them) with their report's and favourite's names, as the calls answer them. */
function listed(db: Knex, userId: number) {
  return db('report_schedules as s')
    .join('reports as r', 'r.ReportId', 's.ReportId')
    .join('user_favorite_reports as f', 'f.Id', 's.FavoriteId')
    .where('s.UserId', userId)
    .orderBy([{ column: 's.NextRunAt' }, { column: 's.ScheduleId' }])
    .select('s.ScheduleId', 's.ReportId', 'r.DispName as ReportName', 's.FavoriteId', 'f.Name as FavoriteName', 's.Frequency', 's.Weekday',
      's.MonthDay', 's.TimeOfDay as Time', 's.TimeZone', 's.Format', 's.IsActive', 's.NextRunAt', 's.LastRunAt', 's.LastStatus', 's.LastError', 's.CreatedAt');
}

export const schedulesOf = (db: Knex, userId: number) => listed(db, userId);

/** One of the user's own schedules as listed; another's answers as none (404). */
export async function listedSchedule(db: Knex, userId: number, scheduleId: number) {
  const row = await listed(db, userId).where('s.ScheduleId', scheduleId).first();
  if (!row) throw gone();
  return row;
}

/** One of the user's own schedules as stored, or 404. */
export async function ownSchedule(db: Knex, userId: number, scheduleId: number): Promise<ScheduleRow> {
  const row = await db('report_schedules').where({ ScheduleId: scheduleId, UserId: userId }).first('*');
  if (!row) throw gone();
  return row as ScheduleRow;
}

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;
// IANA names only (Europe/Berlin, UTC, Etc/GMT+5): Intl also takes offsets such as +01:00, which PostgreSQL reads with the sign inverted.
const zoneName = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** Whether both Intl and the database know the zone: the claim computes the next run in SQL, and one unknown zone would fail it for all. */
async function knownZone(db: Knex, zone: string): Promise<string | null> {
  if (!zoneName.test(zone) || !isTimeZone(zone)) return null;
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  try {
    await db.raw('select now() at time zone ? as local', [canonical]);
    return canonical;
  } catch {
    return null;
  }
}

/** Each rule of a new schedule checked, every broken one answered as a field error (400); its row once all hold. */
export async function createSchedule(db: Knex, userId: number, body: ScheduleBody): Promise<number> {
  const errors: ErrorItem[] = [];
  const refuse = (PropertyName: string, ErrorMessage: string, ErrorCode = 'invalid') => errors.push({ PropertyName, ErrorMessage, ErrorCode });
  const zone = await knownZone(db, body.TimeZone.trim());
  if (!timeOfDay.test(body.Time)) refuse('Time', 'Enter a time as HH:MM, from 00:00 to 23:59.', 'format');
  if (!zone) refuse('TimeZone', 'Choose a time zone by its IANA name, such as Europe/Berlin.');
  const weekday = body.Frequency === 'weekly' ? body.Weekday ?? null : null;
  const monthDay = body.Frequency === 'monthly' ? body.MonthDay ?? null : null;
  if (body.Frequency === 'weekly' && (weekday === null || weekday < 0 || weekday > 6)) refuse('Weekday', 'Choose the day of the week a weekly schedule runs on.', 'required');
  if (body.Frequency === 'monthly' && (monthDay === null || monthDay < 1 || monthDay > 28)) refuse('MonthDay', 'Choose the day of the month a monthly schedule runs on, from 1 to 28.', 'required');
  try {
    await resolvedForUser(db, (await reportFor(db, userId, body.ReportId)).Definition, userId);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    refuse('ReportId', 'This report does not exist, or you may not run it.', 'NotFound');
  }
  const favorite = await db('user_favorite_reports').where({ Id: body.FavoriteId, UserId: userId, ReportId: body.ReportId }).first('Id');
  if (!favorite) refuse('FavoriteId', 'Choose one of your own favourites of this report.', 'NotFound');
  if (errors.length) throw new HttpError(400, errors);
  const timing = { Frequency: body.Frequency, Weekday: weekday, MonthDay: monthDay, Time: body.Time, TimeZone: zone! };
  const [row] = await db('report_schedules').insert({
    UserId: userId, ReportId: body.ReportId, FavoriteId: body.FavoriteId, Frequency: body.Frequency, Weekday: weekday, MonthDay: monthDay,
    TimeOfDay: body.Time, TimeZone: zone, Format: body.Format, NextRunAt: nextRunAt(timing, new Date()),
  }).returning('ScheduleId');
  return row.ScheduleId as number;
}

/**
 * Takes up to `limit` due schedules in one statement: it selects them `for update skip locked` and moves each one's
 * next_run_at on to its next run, so another process (or another tick) running it at the same moment takes others or
 * none, and a schedule is sent once. A schedule missed while no server ran is sent once, then resumes its rhythm.
 */
export async function claimDueSchedules(db: Knex, limit: number): Promise<ScheduleRow[]> {
  const { rows } = await db.raw(`update report_schedules as s set next_run_at = ${nextRunSql('now()')}
    from (select schedule_id from report_schedules where is_active and next_run_at <= now()
      order by next_run_at limit ? for update skip locked) as due
    where s.schedule_id = due.schedule_id
    returning s.*`, [limit]);
  return rows as ScheduleRow[];
}

/** What a send came to, kept on the schedule for its owner to read. */
export async function recordOutcome(db: Knex, scheduleId: number, error: string | null): Promise<void> {
  await db('report_schedules').where({ ScheduleId: scheduleId })
    .update({ LastRunAt: db.fn.now(), LastStatus: error === null ? 'sent' : 'failed', LastError: error === null ? null : error.slice(0, 2000) });
}
