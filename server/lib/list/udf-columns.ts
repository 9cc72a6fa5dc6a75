import type { Knex } from 'knex';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';

/** The list's columns that are UDFs: keys of the rows' Udf JSONB, not columns. */
export function udfColumnsOf(list: ListDefinition, entity: JsonSchema): string[] {
  return list.columns.filter((c) => (entity.properties?.[c.field] as Record<string, unknown> | undefined)?.[UDF_KEYWORD]).map((c) => c.field);
}

/**
 * The rows a list reads, with each listed UDF read out of the Udf JSONB as a column of its own, so the generic
 * list selects, exports and shows it by name. Without listed UDFs the query is left as it is (its plans unchanged).
 */
export function withUdfColumns(db: Knex, rows: Knex.QueryBuilder, udfs: string[]): Knex.QueryBuilder {
  if (!udfs.length) return rows;
  return db.from(rows.select('*', ...udfs.map((field) => db.raw('udf ->> ? as ??', [field, field]))).as('records'));
}
