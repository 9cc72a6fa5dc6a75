import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { idParams } from '../../lib/crud/register-crud.ts';
import { contentDisposition } from '../files/content-disposition.ts';
import { fileStorageFor } from '../files/storage.ts';
import * as schemas from './export-job-schemas.ts';
import { exportTypes, type ExportFormat } from './export.ts';
import { cancelExportJob, stopExportJobs, startExportJob, type ExportJobContext, type ExportJobRequest } from './export-jobs.ts';
import { exportJobsOf, listedExportJob, maxRunningPerUser, ownExportJob, runningCount, tidyExportJobs } from './export-job-store.ts';
import type { ReportSettings } from './reports-db.ts';
import { reportFor } from './store.ts';
import { reportModule } from './sync.ts';

const tags = ['reports'];
const access = { module: reportModule };

/**
 * Exports in the background (issue 31): a result too long to wait for is made into a file by the server while the user
 * does something else, its progress visible, its file downloadable when done (kept REPORT_EXPORT_KEEP_HOURS) by its
 * user alone, and only while they may still run the report.
 */
export default async function exportJobRoutes(app: FastifyInstance, options: { reportsDb: Knex; settings: ReportSettings }) {
  const storage = fileStorageFor(app.config, app.db);
  const ctx: ExportJobContext = { db: app.db, reportsDb: options.reportsDb, settings: options.settings, storage, jobs: new Map() };
  app.addHook('preClose', async () => stopExportJobs(ctx));
  const userOf = (request: { principal?: { UserId: number } }) => request.principal!.UserId;

  app.post<{ Body: ExportJobRequest }>('/api/reports/exports', {
    config: { access, onlyReads: true },
    schema: { tags, summary: `Start an export of a report's whole result in the background (at most ${maxRunningPerUser} running per user); answers the job at once.`, body: schemas.exportJobBody, response: { 202: schemas.exportJobAnswer } },
  }, async (request, reply) => {
    const userId = userOf(request);
    await tidyExportJobs(app.db, storage);
    if ((await runningCount(app.db, userId)) >= maxRunningPerUser) {
      throw HttpError.of(429, `You already have ${maxRunningPerUser} exports running: wait for one to finish, or cancel one.`, null, 'TooManyExports');
    }
    const exportId = await startExportJob(ctx, userId, request.body);
    return reply.status(202).send(await listedExportJob(app.db, userId, exportId));
  });

  app.get('/api/reports/exports', {
    config: { access },
    schema: { tags, summary: "The user's own background exports, newest first (20 at most), with their progress.", response: { 200: schemas.exportJobsAnswer } },
  }, async (request) => {
    await tidyExportJobs(app.db, storage);
    return exportJobsOf(app.db, userOf(request));
  });

  app.get<{ Params: { id: number } }>('/api/reports/exports/:id/file', {
    config: { access },
    schema: { tags, summary: "A finished background export's file, for its user while they may still run its report.", params: idParams },
  }, async (request, reply) => {
    const userId = userOf(request);
    const job = await ownExportJob(app.db, userId, request.params.id);
    if (job.Status !== 'done' || !job.FileName) throw HttpError.of(409, 'This export has no file: it is not done.', null, 'NotDone');
    await reportFor(app.db, userId, job.ReportId);
    const size = await storage.size(job.FileName);
    if (size === null) throw HttpError.of(404, 'This export\'s file is no longer kept. Export the report again.', null, 'NotFound');
    return reply
      .type(exportTypes[job.Format as ExportFormat])
      .header('content-disposition', contentDisposition('attachment', job.UserFileName))
      .header('content-length', size)
      .header('cache-control', 'no-store')
      .send(storage.read(job.FileName));
  });

  app.delete<{ Params: { id: number } }>('/api/reports/exports/:id', {
    config: { access },
    schema: { tags, summary: "Cancel one of the user's running exports, or remove a finished one with its file.", params: idParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    const job = await ownExportJob(app.db, userOf(request), request.params.id);
    if (job.Status === 'running' && (await cancelExportJob(ctx, job.ExportId))) return reply.status(204).send();
    await app.db('report_exports').where({ ExportId: job.ExportId }).delete();
    if (job.FileName) await storage.remove(job.FileName);
    return reply.status(204).send();
  });
}
