import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { columnSearchIndexName, createColumnSearchIndex, createOrderIndex, createUdfOrderIndex, createUdfSearchIndex, orderIndexName, udfIndexNames } from './tables/index.ts';
import { recordTableName } from './definition-sync.ts';
import { readFields } from './definition-store.ts';
import { longStatements } from '../../db/knex.ts';
import { udfKey } from '../../lib/list/udf-columns.ts';

/** Names the transaction-scoped advisory lock (7110, form id) one form's index builds take, across processes. */
const indexBuildLock = 7110;

/**
 * One index build in a transaction of its own under its form's advisory lock: two builds of one form (two changes in
 * quick succession, two processes) never run `create index if not exists` of one name at once, which both pass and
 * then collide in the catalog (pg_class_relname_nsp_index). The lock ends with the build's own transaction, so the
 * table is locked no longer than before; on PGlite's one connection it is granted at once.
 */
async function buildLocked(db: Knex, formId: number, build: (trx: Knex) => Promise<void>): Promise<void> {
  // Over a million records a build outlasts a request's statement bound: it runs on the long statements' pool.
  await longStatements(db).transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [indexBuildLock, formId]);
    await build(trx);
  });
}

/** One index a built form's list needs: its name and how it is built. */
export interface RecordIndex { name: string; formFieldId: number; kind: 'order' | 'search'; create: (trx: Knex) => Promise<void> }

/**
 * The indexes a built form's list needs: a (column, record_id) b-tree per sortable field, a trigram index per
 * searchable one, and the same over the value expression of each sortable or searchable UDF (also for a reserved form
 * whose table keeps UDFs, the users'), keyed and named by the UDF's id, so a rename leaves them as they are.
 */
export async function recordIndexesOf(db: Knex, formId: number, table: string, idColumn = 'record_id'): Promise<RecordIndex[]> {
  const fields = (await readFields(db, formId)).filter((f) => f.IsActive);
  const wanted: RecordIndex[] = [];
  for (const field of fields) {
    const type = fieldTypeOf(field.FieldType);
    if (field.IsUdf) {
      // A UDF's value is a key of the Udf JSONB: its indexes are over the expressions the list sorts and searches by.
      const key = udfKey(field.FormFieldId);
      const names = udfIndexNames(table, key);
      if (type?.sortable) wanted.push({ name: names.order(type.columnType), formFieldId: field.FormFieldId, kind: 'order', create: (trx) => createUdfOrderIndex(trx, table, idColumn, key, type.columnType) });
      if (type?.searchable) wanted.push({ name: names.search, formFieldId: field.FormFieldId, kind: 'search', create: (trx) => createUdfSearchIndex(trx, table, key) });
      continue;
    }
    if (table !== recordTableName(formId)) continue; // a reserved form's shipped columns have their migrations' indexes
    const column = toSnakeCase(field.StoredName);
    if (type?.sortable) wanted.push({ name: orderIndexName(table, column), formFieldId: field.FormFieldId, kind: 'order', create: (trx) => createOrderIndex(trx, table, column) });
    if (type?.searchable) wanted.push({ name: columnSearchIndexName(table, column), formFieldId: field.FormFieldId, kind: 'search', create: (trx) => createColumnSearchIndex(trx, table, column) });
  }
  return wanted;
}

/** The names of a table's indexes as they are now. */
export async function presentIndexes(db: Knex, table: string): Promise<Set<string>> {
  return new Set(((await db.raw('select indexname as "Name" from pg_indexes where schemaname = current_schema() and tablename = ?', [table])).rows as Array<{ Name: string }>).map((r) => r.Name));
}

/**
 * Builds the indexes a built form's list needs and lacks (recordIndexesOf). Run after the definition's transaction
 * has committed: on a large table a build takes seconds, which the administrator's save does not wait for; reads go
 * on meanwhile, and writes to that form's records wait for the build. Not CONCURRENTLY: that build waits for every
 * transaction older than it, and the form's next change (which locks the table) would deadlock with it. Until an
 * index is there, sorting and searching that field still answer, by a scan. Indexes of fields that left the list stay
 * (a reactivated field needs them again); a dropped column takes its indexes with it, a deleted UDF drops its own.
 */
export async function ensureRecordIndexes(db: Knex, formId: number, table: string, idColumn = 'record_id'): Promise<void> {
  // Only what is missing is built: a change that needs no index (a rename, a label) takes no lock on the table.
  const present = await presentIndexes(db, table);
  for (const index of await recordIndexesOf(db, formId, table, idColumn)) {
    if (!present.has(index.name)) await buildLocked(db, formId, index.create);
  }
}

/** Each form's latest background build in this process: the next one starts after it (the lock orders other processes'). */
const pendingBuilds = new Map<number, Promise<void>>();

/** Where a form's indexes go: its record table (or a reserved form's), and the table's id column; null: none (gone). */
export interface IndexTarget { table: string; idColumn?: string }

/**
 * ensureRecordIndexes in the background, after the response: a failure (the form deleted meanwhile) is only logged.
 * The target may be found later (the form read after the change committed); the build is queued at once either way.
 */
export function buildRecordIndexesLater(db: Knex, formId: number, target: string | (() => Promise<IndexTarget | null>), log: FastifyBaseLogger, idColumn?: string): Promise<void> {
  const build = (pendingBuilds.get(formId) ?? Promise.resolve())
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(async () => {
      const found = typeof target === 'string' ? { table: target, idColumn } : await target();
      if (found) await ensureRecordIndexes(db, formId, found.table, found.idColumn);
    })
    .catch((error: unknown) => log.warn({ err: error, formId }, 'building the record indexes of a form failed'))
    .finally(() => { if (pendingBuilds.get(formId) === build) pendingBuilds.delete(formId); });
  pendingBuilds.set(formId, build);
  return build;
}

/** When this process's background index builds of a form are done (at once when none is under way). */
export const recordIndexesBuilt = (formId: number): Promise<void> => pendingBuilds.get(formId) ?? Promise.resolve();

/**
 * Drops the list indexes a form's table has (recordIndexesOf) but those `keep` names, under the builds' lock, in a
 * short transaction of its own: a bulk load then writes rows without maintaining them, and ensureRecordIndexes builds
 * them again after. Answers the names dropped.
 */
export async function dropRecordIndexes(db: Knex, formId: number, table: string, keep: (index: RecordIndex) => boolean = () => false, idColumn = 'record_id'): Promise<string[]> {
  const present = await presentIndexes(db, table);
  const names = (await recordIndexesOf(db, formId, table, idColumn)).filter((i) => present.has(i.name) && !keep(i)).map((i) => i.name);
  if (names.length) {
    await buildLocked(db, formId, async (trx) => {
      for (const name of names) await trx.raw('drop index if exists ??', [name]);
    });
  }
  return names;
}
