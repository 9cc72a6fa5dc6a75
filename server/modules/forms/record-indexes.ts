import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { createColumnSearchIndex, createOrderIndex } from './tables/index.ts';
import { readFields } from './definition-store.ts';

/**
 * Builds the indexes a built form's list needs and lacks: a (column, record_id) b-tree per sortable field, a
 * trigram index per searchable one. Run after the definition's transaction has committed: on a large table a
 * build takes seconds, which the administrator's save does not wait for; reads go on meanwhile, and writes to
 * that form's records wait for the build. Not CONCURRENTLY: that build waits for every transaction older than
 * it, and the form's next change (which locks the table) would deadlock with it. Until an index is there,
 * sorting and searching that field still answer, by a scan. Indexes of fields that left the list stay (a
 * reactivated field needs them again); a dropped column takes its indexes with it.
 */
export async function ensureRecordIndexes(db: Knex, formId: number, table: string): Promise<void> {
  const fields = (await readFields(db, formId, false)).filter((f) => f.IsActive);
  for (const field of fields) {
    const type = fieldTypeOf(field.FieldType);
    const column = toSnakeCase(field.StoredName);
    if (type?.sortable) await createOrderIndex(db, table, column);
    if (type?.searchable) await createColumnSearchIndex(db, table, column);
  }
}

/** ensureRecordIndexes in the background, after the response: a failure (the form deleted meanwhile) is only logged. */
export function buildRecordIndexesLater(db: Knex, formId: number, table: string, log: FastifyBaseLogger): void {
  setImmediate(() => {
    ensureRecordIndexes(db, formId, table).catch((error: unknown) => log.warn({ err: error, formId }, 'building the record indexes of a form failed'));
  });
}
