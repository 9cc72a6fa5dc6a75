import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { createColumnSearchIndex, createOrderIndex, createUdfOrderIndex, createUdfSearchIndex } from './tables/index.ts';
import { recordTableName } from './definition-sync.ts';
import { readFields } from './definition-store.ts';

/**
 * Builds the indexes a built form's list needs and lacks: a (column, record_id) b-tree per sortable field, a
 * trigram index per searchable one, and the same over the value expression of each sortable or searchable UDF (also
 * for a reserved form whose table keeps UDFs, the users'). Run after the definition's transaction has committed: on a large table a
 * build takes seconds, which the administrator's save does not wait for; reads go on meanwhile, and writes to
 * that form's records wait for the build. Not CONCURRENTLY: that build waits for every transaction older than
 * it, and the form's next change (which locks the table) would deadlock with it. Until an index is there,
 * sorting and searching that field still answer, by a scan. Indexes of fields that left the list stay (a
 * reactivated field needs them again); a dropped column takes its indexes with it.
 */
export async function ensureRecordIndexes(db: Knex, formId: number, table: string, idColumn = 'record_id'): Promise<void> {
  const fields = (await readFields(db, formId)).filter((f) => f.IsActive);
  for (const field of fields) {
    const type = fieldTypeOf(field.FieldType);
    if (field.IsUdf) {
      // A UDF's value is a key of the Udf JSONB: its indexes are over the expressions the list sorts and searches by.
      if (type?.sortable) await createUdfOrderIndex(db, table, idColumn, field.StoredName, type.columnType);
      if (type?.searchable) await createUdfSearchIndex(db, table, field.StoredName);
      continue;
    }
    if (table !== recordTableName(formId)) continue; // a reserved form's shipped columns have their migrations' indexes
    const column = toSnakeCase(field.StoredName);
    if (type?.sortable) await createOrderIndex(db, table, column);
    if (type?.searchable) await createColumnSearchIndex(db, table, column);
  }
}

/** ensureRecordIndexes in the background, after the response: a failure (the form deleted meanwhile) is only logged. */
export function buildRecordIndexesLater(db: Knex, formId: number, table: string, log: FastifyBaseLogger, idColumn?: string): void {
  setImmediate(() => {
    ensureRecordIndexes(db, formId, table, idColumn).catch((error: unknown) => log.warn({ err: error, formId }, 'building the record indexes of a form failed'));
  });
}
