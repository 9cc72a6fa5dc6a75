import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { idParams } from '../../lib/crud/register-crud.ts';
import type { ReportSettings } from './reports-db.ts';
import { pollSeconds, runSchedule, sendDue, startScheduleTimer } from './schedule-runner.ts';
import * as schemas from './schedule-schemas.ts';
import type { ScheduleContext } from './schedule-send.ts';
import { createSchedule, listedSchedule, ownSchedule, schedulesOf, type ScheduleBody } from './schedule-store.ts';
import { reportModule } from './sync.ts';

const tags = ['reports'];
const access = { module: reportModule };

/** Each app's sending context, by its database: runDueSchedules reaches it from the app the tests hold. */
const contexts = new WeakMap<Knex, { ctx: ScheduleContext; log: FastifyInstance['log'] }>();

/** Claims and sends the due schedules now, as the timer does (tests; the timer is not started under NODE_ENV=test). */
export async function runDueSchedules(app: FastifyInstance): Promise<number> {
  const found = contexts.get(app.db);
  if (!found) throw new Error('the reports routes are not registered on this app');
  return sendDue(found.ctx, found.log);
}

/**
 * Reports by e-mail (issue 31): a user schedules one of their favourites to be mailed to themselves daily, weekly or
 * monthly at a time in their time zone, as CSV, XLSX or PDF, run under their own access at send time. Schedules are
 * rows, so they outlive restarts; a timer in every server process claims the due ones (one statement, skip locked).
 */
export default async function scheduleRoutes(app: FastifyInstance, options: { reportsDb: Knex; settings: ReportSettings }) {
  const ctx: ScheduleContext = { db: app.db, reportsDb: options.reportsDb, settings: options.settings, mailer: app.mailer };
  contexts.set(app.db, { ctx, log: app.log });
  const userOf = (request: { principal?: { UserId: number } }) => request.principal!.UserId;

  const seconds = pollSeconds();
  if (seconds !== null) {
    let timer: ReturnType<typeof startScheduleTimer> | undefined;
    app.addHook('onReady', async () => { timer = startScheduleTimer(ctx, app.log, seconds); });
    app.addHook('onClose', async () => timer?.stop());
  }

  app.get('/api/reports/schedules', {
    config: { access },
    schema: { tags, summary: "The user's own report schedules, with their report's and favourite's names, next run and last outcome.", response: { 200: schemas.schedulesAnswer } },
  }, async (request) => schedulesOf(app.db, userOf(request)));

  app.post<{ Body: ScheduleBody }>('/api/reports/schedules', {
    config: { access },
    schema: { tags, summary: 'Schedule one of the user\'s favourites to be mailed to them (daily, weekly or monthly at a time in a time zone) as CSV, XLSX or PDF.', body: schemas.scheduleBody, response: { 201: schemas.scheduleAnswer } },
  }, async (request, reply) => {
    const scheduleId = await createSchedule(app.db, userOf(request), request.body);
    return reply.status(201).send(await listedSchedule(app.db, userOf(request), scheduleId));
  });

  app.delete<{ Params: { id: number } }>('/api/reports/schedules/:id', {
    config: { access },
    schema: { tags, summary: "Delete one of the user's own schedules (another user's: 404).", params: idParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    const deleted = await app.db('report_schedules').where({ ScheduleId: request.params.id, UserId: userOf(request) }).delete().returning('ScheduleId');
    if (!deleted.length) await ownSchedule(app.db, userOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post<{ Params: { id: number } }>('/api/reports/schedules/:id/send-now', {
    config: { access },
    schema: { tags, summary: 'Send one of the user\'s schedules now, under their access now; answers once sent (or failed: LastStatus and LastError say why). Its next run stays.', params: idParams, response: { 200: schemas.scheduleAnswer } },
  }, async (request) => {
    const schedule = await ownSchedule(app.db, userOf(request), request.params.id);
    await runSchedule(ctx, request.log, schedule);
    return listedSchedule(app.db, userOf(request), schedule.ScheduleId);
  });
}
