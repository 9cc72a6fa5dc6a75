import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { ImportJobRow } from './jobs.ts';
import { formTarget, type ImportTarget } from './target.ts';
import { usersTarget, usersTargetId } from './users-target.ts';

/** The target a job writes to, as it is now: the users, or its built form (null when the form is gone or inactive). */
export async function targetOfJob(app: FastifyInstance, db: Knex, job: Pick<ImportJobRow, 'Target' | 'FormId'>): Promise<ImportTarget | null> {
  if (job.Target === usersTargetId) return usersTarget(app, db);
  return job.FormId === null ? null : formTarget(db, job.FormId);
}
