import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Mailer } from '../../lib/mailer.ts';
import { HttpError } from '../../lib/http-error.ts';
import { moduleAccessOf } from '../access/effective-access.ts';
import { controlTypes, isDate, type ReportDefinition } from './definition.ts';
import { exportTypes, reportBatches, reportFile } from './export.ts';
import { generatedAt, givenParameters } from './export-pdf.ts';
import { reportRunBy } from './form-report-sql.ts';
import { resolvedDefault, type WireValue } from './params.ts';
import type { ReportSettings } from './reports-db.ts';
import { offsetAt } from './schedule-next-run.ts';
import type { ScheduleRow } from './schedule-store.ts';
import { reportModule } from './sync.ts';

/** What sending a schedule needs: the app's database, the reports database and its settings, the mailer. */
export interface ScheduleContext { db: Knex; reportsDb: Knex; settings: ReportSettings; mailer: Mailer }

/** A mail carries at most REPORT_SCHEDULE_MAX_MB (20) megabytes: past it the send fails with a message to narrow the favourite, not a bounce. */
export const attachmentLimitMB = (env: NodeJS.ProcessEnv = process.env) => (Number(env.REPORT_SCHEDULE_MAX_MB) > 0 ? Number(env.REPORT_SCHEDULE_MAX_MB) : 20);

interface FavoriteParam { name?: string; value?: WireValue; controlType?: number; valueId?: WireValue }

/**
 * A favourite's saved values as a run's Params: a select's ids are in valueId (value holds its labels); a date saved
 * as "today" or "today-30" is resolved to the day the schedule runs, in its time zone. Any other value as it was saved.
 */
export function favoriteParams(def: ReportDefinition, saved: FavoriteParam[], now: Date, timeZone: string): Record<string, WireValue> {
  const params: Record<string, WireValue> = {};
  const localNow = new Date(now.getTime() + offsetAt(now.getTime(), timeZone));
  for (const p of def.Parameters) {
    const found = saved.find((s) => s.name === p.Param);
    if (!found) continue;
    const select = p.ControlType === controlTypes.selectOne || p.ControlType === controlTypes.selectMany;
    const value = select && found.valueId !== null && found.valueId !== undefined ? found.valueId : found.value;
    params[p.Param] = isDate(p) && typeof value === 'string' ? resolvedDefault({ ControlType: p.ControlType, DefaultValue: value }, localNow) : value;
  }
  return params;
}

/** A failure as its owner reads it on the schedule: the error's own messages (a missing parameter names itself). */
export function failureText(error: unknown): string {
  if (error instanceof HttpError) return error.items.map((i) => (i.PropertyName ? `${i.PropertyName}: ${i.ErrorMessage}` : i.ErrorMessage)).join(' ');
  return (error as Error)?.message ?? String(error);
}

/** Passes the file through, stopping it (and the report's reading) once it is past what a mail carries. */
function withinLimit(): Transform {
  const limitMB = attachmentLimitMB();
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size <= limitMB * 1024 * 1024) return done(null, chunk);
      done(new Error(`The report's file is larger than the ${limitMB} MB a mail carries: narrow the favourite's filters.`));
    },
  });
}

async function* counted<T>(batches: AsyncIterable<T[]>, count: { rows: number }) {
  for await (const batch of batches) {
    count.rows += batch.length;
    yield batch;
  }
}

/**
 * Sends one schedule as its user may run it now: the user active and holding Reports, the report granted to them
 * (reportFor), their field and row access (resolvedForUser), the favourite's values bound as a run's. The export is
 * written to a temporary file as it streams (never whole in memory), counted, then mailed as an attachment read from
 * that file. Throws what stopped it; the caller records it.
 */
export async function sendSchedule(ctx: ScheduleContext, schedule: ScheduleRow, now = new Date()): Promise<void> {
  const { db } = ctx;
  const user = await db('users').where({ UserId: schedule.UserId }).first('IsActive', 'EmailAddress');
  if (!user?.IsActive) throw new Error('The user is no longer active.');
  if (!(await moduleAccessOf(db, schedule.UserId, reportModule)).holdsModule) throw new Error('The user no longer holds Reports.');
  const { report, def, bindingsFor } = await reportRunBy(db, schedule.UserId, schedule.ReportId);
  const favorite = await db('user_favorite_reports').where({ Id: schedule.FavoriteId, UserId: schedule.UserId }).first('Name', 'Params');
  if (!favorite) throw new Error('The favourite no longer exists.');
  const params = favoriteParams(def, favorite.Params as FavoriteParam[], now, schedule.TimeZone);
  const bindings = bindingsFor(params);
  const when = generatedAt(now, schedule.TimeZone);
  // The PDF names a select's choices by the labels the favourite saved beside their ids.
  const labels = Object.fromEntries((favorite.Params as FavoriteParam[]).filter((s) => s.valueId && typeof s.value === 'string').map((s) => [s.name, s.value]));
  const heading = { title: def.ReportDispName, parameters: givenParameters(def, { ...params, ...labels }), generated: when };
  const count = { rows: 0 };
  const batches = counted(reportBatches({ db: ctx.reportsDb, def, bindings, sorts: [], timeoutSeconds: ctx.settings.timeoutSeconds }), count);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'report-schedule-'));
  try {
    const filename = `${report.FileName}-${when.slice(0, 10)}.${schedule.Format}`;
    const file = path.join(dir, filename);
    await pipeline(reportFile(schedule.Format, def, batches, heading, ctx.settings.sheetRows), withinLimit(), createWriteStream(file));
    await ctx.mailer.send({
      to: user.EmailAddress,
      subject: `Report: ${def.ReportDispName}`,
      text: [
        `Your scheduled report "${def.ReportDispName}" with the favourite "${favorite.Name}" is attached (${schedule.Format.toUpperCase()}).`,
        `Run at ${when}: ${count.rows} ${count.rows === 1 ? 'row' : 'rows'}.`,
        '',
        'You receive it because you scheduled it in Reports; delete the schedule there to stop it.',
      ].join('\n'),
      attachments: [{ filename, path: file, contentType: exportTypes[schedule.Format] }],
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
