import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import type { FormFieldInput, FormFieldRecord, TypeChangeProgress } from '../../../engine/core/lowcode/api.ts';
import type { Principal } from '../../types.ts';
import { longStatements } from '../../db/knex.ts';
import { readField, readForm, type FormRow } from './definition-store.ts';
import { afterDefinitionChange } from './definition-sync.ts';
import { checkedField, fieldChangeSummary, saveField, sqlTypeOf, tableOf, typeChangeRefusal } from './field-changes.ts';
import { columnType, planTypeChange } from './tables/index.ts';
import type { SqlType } from './tables/columns.ts';
import {
  addShadowColumn, buildShadowIndexes, dropShadowColumn, fillBatch, lastRecordId, swapShadowColumn, unfilledCount, type OnlineTypeChange,
} from './tables/online-type-change.ts';

interface JobRow {
  FieldTypeChangeId: number;
  FormId: number;
  FormFieldId: number;
  FromType: string;
  ToType: string;
  Input: FormFieldInput;
  RequestedById: number | null;
  RequestedBy: string;
  State: 'Converting' | 'Done' | 'Failed';
  Total: number;
  Done: number;
  LastRecordId: string | number;
  MaxRecordId: string | number;
}

const typeLabel = (type: string) => fieldTypeOf(type)?.label ?? type;

/** Whether saving `input` over `existing` rewrites its column's values over at least `minRows` records: then it is made online. */
export async function rewritesOnline(trx: Knex, form: FormRow, existing: FormFieldRecord, input: FormFieldInput, minRows: number): Promise<boolean> {
  const to = fieldTypeOf(input.FieldType);
  if (existing.IsUdf || form.Source || !to || existing.FieldType === input.FieldType || sqlTypeOf(existing.FieldType) === to.columnType) return false;
  const table = tableOf(form);
  if ((await columnType(trx as Knex.Transaction, table, toSnakeCase(existing.StoredName))) === to.columnType) return false;
  const counted = await trx.raw('select count(*)::int as "Count" from (select 1 from ?? limit ?) sampled', [table, Math.max(minRows, 1)]);
  return (counted.rows[0] as { Count: number }).Count >= minRows;
}

function changeOf(form: FormRow, field: Pick<FormFieldRecord, 'FormFieldId' | 'StoredName'>, from: string, to: string): OnlineTypeChange {
  return { table: tableOf(form), column: toSnakeCase(field.StoredName), from: sqlTypeOf(from) as SqlType, to: sqlTypeOf(to) as SqlType, fieldId: field.FormFieldId };
}

/**
 * Starts the online change in the caller's transaction, after the field's version was claimed: the save is checked
 * (400), the new column and its trigger are added (which holds writes to the records until this transaction commits,
 * so the dry run that follows sees every value there will be before the trigger), and the dry run refuses the change
 * (409, nothing changed) when a value would not convert. Answers the job's id; runTypeChanges fills it after commit.
 */
export async function beginTypeChange(trx: Knex.Transaction, form: FormRow, existing: FormFieldRecord, input: FormFieldInput, principal: Principal): Promise<number> {
  await checkedField(trx, form, input, existing);
  const change = changeOf(form, existing, existing.FieldType, input.FieldType);
  const refusal = `${existing.Name} is changing to ${typeLabel(input.FieldType)}: enter a value that is one, or try again when the change has finished.`;
  await addShadowColumn(trx, change, refusal, existing.StoredName);
  const plan = await planTypeChange(trx, change.table, change.column, change.to);
  if (plan.failingCount > 0) throw typeChangeRefusal(existing.Name, input.FieldType, plan.failingCount, plan.convertible, plan.failing);
  const [{ FieldTypeChangeId }] = await trx('field_type_changes').insert({
    FormId: form.FormId, FormFieldId: existing.FormFieldId, FromType: existing.FieldType, ToType: input.FieldType, Input: JSON.stringify(input),
    RequestedById: principal.UserId, RequestedBy: principal.UserName, State: 'Converting', Total: plan.convertible,
    MaxRecordId: await lastRecordId(trx, change.table),
  }).returning('FieldTypeChangeId');
  return FieldTypeChangeId as number;
}

/** The field's type change under way, or its last one that failed since the field was last saved: what the field editor shows. */
export async function typeChangeOf(db: Knex, field: Pick<FormFieldRecord, 'FormFieldId' | 'ModifiedDate'>): Promise<TypeChangeProgress | null> {
  const job: (JobRow & { Message: string | null; FinishedDate: string | null }) | undefined = await db('field_type_changes')
    .where({ FormFieldId: field.FormFieldId }).orderBy('FieldTypeChangeId', 'desc').first();
  if (!job || job.State === 'Done') return null;
  if (job.State === 'Failed' && field.ModifiedDate && job.FinishedDate && new Date(job.FinishedDate) < new Date(field.ModifiedDate)) return null;
  return { State: job.State, From: job.FromType, To: job.ToType, Done: job.Done, Total: job.Total, Message: job.Message };
}

/**
 * A field as its routes answer it: with the type change under way or just failed. The field is read again after its
 * change's state: a swap committing between the two reads then shows the field applied, never the change 'done'
 * beside the field as it was (read committed gives each statement its own snapshot).
 */
export async function withTypeChange<T extends FormFieldRecord | undefined>(db: Knex, field: T): Promise<T> {
  if (!field) return field;
  const TypeChange = await typeChangeOf(db, field);
  return { ...((await readField(db, field.FormFieldId)) ?? field), TypeChange } as T;
}

export interface TypeChangeRunner {
  /** Runs a started change in the background (resumed after a restart); its progress is in its row. */
  run(jobId: number): void;
}

/** How long the swap waits for the table's lock at a time before letting queued reads pass and trying again. */
const swapLockTimeoutMs = 500;
const swapAttempts = 120;

/**
 * The background side of online type changes: each job's batches in short transactions of their own (so list reads
 * and record writes interleave with them), then the new column's indexes, then the swap. Jobs left 'Converting' by a
 * stopped server resume on start; closing the app stops between batches and leaves them to resume.
 */
export function typeChangeRunner(app: FastifyInstance): TypeChangeRunner {
  const jobs = new Map<number, Promise<void>>();
  let stopping = false;
  const run = (jobId: number) => {
    if (jobs.has(jobId)) return;
    const job = runJob(app, jobId, () => stopping)
      .catch((error: unknown) => app.log.error({ err: error, jobId }, 'a type change failed'))
      .finally(() => jobs.delete(jobId));
    jobs.set(jobId, job);
  };
  app.addHook('onReady', async () => {
    const open: Array<{ FieldTypeChangeId: number }> = await app.db('field_type_changes').where({ State: 'Converting' }).select('FieldTypeChangeId');
    for (const { FieldTypeChangeId } of open) run(FieldTypeChangeId);
  });
  app.addHook('preClose', async () => {
    stopping = true;
    await Promise.all(jobs.values());
  });
  return { run };
}

async function runJob(app: FastifyInstance, jobId: number, stopping: () => boolean): Promise<void> {
  const db = app.db;
  const job: JobRow | undefined = await db('field_type_changes').where({ FieldTypeChangeId: jobId, State: 'Converting' }).first();
  if (!job) return;
  const form = await readForm(db, job.FormId);
  const field = await readField(db, job.FormFieldId);
  if (!form || !field) return;
  const change = changeOf(form, field, job.FromType, job.ToType);
  try {
    let after = Number(job.LastRecordId);
    const last = Number(job.MaxRecordId);
    const batchRows = app.config.typeChangeBatchRows;
    for (;;) {
      if (stopping()) return;
      const filled = await db.transaction(async (trx) => {
        const batch = await fillBatch(trx, change, after, last, batchRows);
        if (batch.count) await trx('field_type_changes').where({ FieldTypeChangeId: jobId }).update({ Done: trx.raw('?? + ?', ['Done', batch.count]), LastRecordId: batch.lastRecordId });
        return batch;
      });
      if (!filled.count) break;
      after = filled.lastRecordId;
      const pause = app.config.typeChangeBatchPauseMs;
      await new Promise<void>((resolve) => (pause ? setTimeout(resolve, pause) : setImmediate(resolve)));
    }
    // A scan and index builds over every record: on the long statements' pool, past a request's statement bound.
    const missing = await unfilledCount(longStatements(db), change);
    if (missing) throw new Error(`${missing} value(s) of ${field.Name} were not converted`);
    const type = fieldTypeOf(job.ToType)!;
    await buildShadowIndexes(longStatements(db), change, { sortable: Boolean(type.sortable), searchable: Boolean(type.searchable) });
    await swap(app, job, change);
  } catch (error) {
    if (stopping()) return;
    await fail(db, job, change, error);
    throw error;
  }
}

/** The short transaction that makes the change: the table's lock (tried in short waits), the swap, and the field's save. */
async function swap(app: FastifyInstance, job: JobRow, change: OnlineTypeChange): Promise<void> {
  const principal = { UserId: job.RequestedById, UserName: job.RequestedBy } as Principal;
  for (let attempt = 1; ; attempt++) {
    try {
      await app.db.transaction(async (trx) => {
        if (app.db.client.config.client === 'pg') await trx.raw(`set local lock_timeout = '${swapLockTimeoutMs}ms'`);
        await trx.raw('select 1 from forms where form_id = ? for update', [job.FormId]);
        await trx.raw('lock table ?? in access exclusive mode', [change.table]);
        await swapShadowColumn(trx, change);
        await trx('field_type_changes').where({ FieldTypeChangeId: job.FieldTypeChangeId }).update({ State: 'Done', FinishedDate: trx.fn.now() });
        const form = (await readForm(trx, job.FormId))!;
        const existing = (await readField(trx, job.FormFieldId))!;
        await saveField(trx, form, job.Input, job.RequestedBy, existing);
        await afterDefinitionChange(app, trx, job.FormId, principal, fieldChangeSummary(existing, job.Input));
      });
      return;
    } catch (error) {
      // lock_not_available: queued reads went first; the swap tries again.
      if ((error as { code?: string }).code !== '55P03' || attempt >= swapAttempts) throw error;
    }
  }
}

/** A change that could not finish: the new column and trigger go, the field stays as it was, and the job says why. */
async function fail(db: Knex, job: JobRow, change: OnlineTypeChange, error: unknown): Promise<void> {
  const reason = (error as { items?: Array<{ ErrorMessage: string }> }).items?.[0]?.ErrorMessage ?? (error as Error).message;
  await db.transaction(async (trx) => {
    await dropShadowColumn(trx, change);
    await trx('field_type_changes').where({ FieldTypeChangeId: job.FieldTypeChangeId }).update({
      State: 'Failed', FinishedDate: trx.fn.now(), Message: `The type was not changed: ${reason}`,
    });
  });
}
