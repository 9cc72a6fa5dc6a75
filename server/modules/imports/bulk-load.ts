import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { buildRecordIndexesLater, dropRecordIndexes } from '../forms/record-indexes.ts';
import { builtForm } from '../forms/built-forms.ts';

/** What a bulk load needs of its target: a built form's own record table. */
interface BulkTarget { formId: number; table: string }

/**
 * A large import into a form loads in bulk: its list indexes (a b-tree per sortable field, a trigram index per
 * searchable one) but the default order's are dropped before the first batch and built again once the import has ended, however it ended.
 * Keeping them up row by row is most of an import's cost (100,000 rows of a 20-field form: 16.6 s into a table with
 * its 28 indexes, 0.3 s into one without; building them after takes a few seconds). Only when the file has at least
 * `minimumRows` rows (IMPORT_BULK_ROWS) and at least as many as the table already holds: a large table would take
 * longer to index again than the rows it gains cost. Meanwhile the list still sorts and searches, by scans.
 * Answers what ends the bulk load: the rebuild, started in the background (an import stopped by a restart resumes,
 * and its end builds them then).
 */
export async function startBulkLoad(db: Knex, target: BulkTarget | null, fileRows: number, minimumRows: number, log: FastifyBaseLogger): Promise<() => void> {
  const nothing = () => undefined;
  if (!target || minimumRows <= 0 || fileRows < minimumRows) return nothing;
  const estimate = await db.raw('select greatest(reltuples, 0)::bigint as "Rows" from pg_class where oid = ?::regclass', [target.table]);
  if (fileRows < Number(estimate.rows[0]?.Rows ?? 0)) return nothing;
  // The list's default order keeps its index: every plain list call meanwhile reads a page from it, not a sort of the table.
  const built = await builtForm(db, target.formId);
  const sortedBy = new Set((built?.screen.list?.defaultSort ?? []).map((s) => (built?.entity.properties?.[s.field] as Record<string, unknown> | undefined)?.['x-formFieldId']));
  const dropped = await dropRecordIndexes(db, target.formId, target.table, (index) => index.kind === 'order' && sortedBy.has(index.formFieldId));
  log.info({ formId: target.formId, dropped: dropped.length, fileRows }, 'an import loads in bulk: list indexes dropped until it ends');
  return () => { void buildRecordIndexesLater(db, target.formId, target.table, log); };
}
