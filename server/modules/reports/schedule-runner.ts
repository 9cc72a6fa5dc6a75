import type { FastifyBaseLogger } from 'fastify';
import { claimDueSchedules, recordOutcome, type ScheduleRow } from './schedule-store.ts';
import { failureText, sendSchedule, type ScheduleContext } from './schedule-send.ts';

/** How many due schedules one claim takes: a process sends them one after another, then claims again. */
const claimSize = 10;

/** REPORT_SCHEDULE_POLL_SECONDS (30): how often a server looks for due schedules. Unset under NODE_ENV=test: no timer, tests call runDueSchedules. */
export function pollSeconds(env: NodeJS.ProcessEnv = process.env): number | null {
  const text = env.REPORT_SCHEDULE_POLL_SECONDS;
  if (!text) return env.NODE_ENV === 'test' ? null : 30;
  const n = Number(text);
  if (!(n > 0)) throw new Error(`REPORT_SCHEDULE_POLL_SECONDS must be a number above 0, not "${text}"`);
  return n;
}

/** Sends one schedule and records how it went: a failure is recorded (not mailed), and its next run stays as claimed. */
export async function runSchedule(ctx: ScheduleContext, log: FastifyBaseLogger, schedule: ScheduleRow): Promise<string | null> {
  let failure: string | null = null;
  try {
    await sendSchedule(ctx, schedule);
  } catch (error) {
    failure = failureText(error);
    log.warn({ scheduleId: schedule.ScheduleId, err: error }, 'a scheduled report was not sent');
  }
  await recordOutcome(ctx.db, schedule.ScheduleId, failure);
  return failure;
}

/** Claims and sends due schedules until none is due; answers how many it took. */
export async function sendDue(ctx: ScheduleContext, log: FastifyBaseLogger): Promise<number> {
  let taken = 0;
  for (;;) {
    const due = await claimDueSchedules(ctx.db, claimSize);
    if (!due.length) return taken;
    taken += due.length;
    for (const schedule of due) await runSchedule(ctx, log, schedule);
  }
}

/** The timer: one pass at a time, unref'd (it never keeps the process alive); stop() waits for the pass under way. */
export function startScheduleTimer(ctx: ScheduleContext, log: FastifyBaseLogger, seconds: number) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sendDue(ctx, log)
      .catch((error: unknown) => log.error({ err: error }, 'looking for due report schedules failed'))
      .finally(() => { running = null; });
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
