import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { FileStorage } from '../files/storage.ts';

/** How long a finished export's file is kept for its user to download: REPORT_EXPORT_KEEP_HOURS, 24 by default. */
export const keepHours = (env: NodeJS.ProcessEnv = process.env) => (Number(env.REPORT_EXPORT_KEEP_HOURS) > 0 ? Number(env.REPORT_EXPORT_KEEP_HOURS) : 24);

/** A user may have this many exports running at once: each holds a reports connection while it reads. */
export const maxRunningPerUser = 3;

/** A running job beats this often; one whose beat is older than staleSeconds has lost its process. */
export const heartbeatSeconds = 10;
export const staleSeconds = 60;

export const interruptedMessage = 'The export stopped when the server running it stopped. Start it again.';

const gone = () => HttpError.of(404, 'This export does not exist.', null, 'NotFound');

/**
 * Tidies the jobs before they are read: a running job whose process stopped beating is failed as interrupted, and
 * jobs finished longer ago than keepHours go with their files. Any process does it; the statements are idempotent.
 */
export async function tidyExportJobs(db: Knex, storage: FileStorage): Promise<void> {
  await db('report_exports').where('Status', 'running')
    .where('HeartbeatAt', '<', db.raw(`now() - (?::double precision * interval '1 second')`, [staleSeconds]))
    .update({ Status: 'failed', Error: interruptedMessage, FinishedAt: db.fn.now() });
  const expired: Array<{ FileName: string | null }> = await db('report_exports').whereNot('Status', 'running')
    .where('FinishedAt', '<', db.raw(`now() - (?::double precision * interval '1 hour')`, [keepHours()]))
    .delete().returning('FileName');
  for (const { FileName } of expired) if (FileName) await storage.remove(FileName);
}

/** The user's export jobs (or one), newest first, with their report's name, as the calls answer them. */
function listed(db: Knex, userId: number) {
  return db('report_exports as e')
    .join('reports as r', 'r.ReportId', 'e.ReportId')
    .where('e.UserId', userId)
    .orderBy('e.ExportId', 'desc')
    .select('e.ExportId', 'e.ReportId', 'r.DispName as ReportName', 'e.Format', 'e.Status', 'e.RowsDone', 'e.RowsTotal', 'e.Bytes',
      'e.UserFileName as FileName', 'e.Error', 'e.CreatedAt', 'e.FinishedAt');
}

const asNumbers = <T extends { RowsDone: unknown; RowsTotal: unknown; Bytes: unknown }>(row: T) =>
  ({ ...row, RowsDone: Number(row.RowsDone), RowsTotal: row.RowsTotal === null ? null : Number(row.RowsTotal), Bytes: row.Bytes === null ? null : Number(row.Bytes) });

export async function exportJobsOf(db: Knex, userId: number) {
  return (await listed(db, userId).limit(20)).map(asNumbers);
}

/** One of the user's own jobs as listed; another user's answers as none (404). */
export async function listedExportJob(db: Knex, userId: number, exportId: number) {
  const row = await listed(db, userId).where('e.ExportId', exportId).first();
  if (!row) throw gone();
  return asNumbers(row);
}

/** One of the user's own jobs as stored, or 404. */
export async function ownExportJob(db: Knex, userId: number, exportId: number) {
  const row = await db('report_exports').where({ ExportId: exportId, UserId: userId }).first('*');
  if (!row) throw gone();
  return row as { ExportId: number; ReportId: number; Format: 'csv' | 'xlsx' | 'pdf'; Status: string; FileName: string | null; UserFileName: string };
}

/** How many of the user's jobs are running now. */
export async function runningCount(db: Knex, userId: number): Promise<number> {
  const [{ N }] = await db('report_exports').where({ UserId: userId, Status: 'running' }).count({ N: '*' });
  return Number(N);
}
