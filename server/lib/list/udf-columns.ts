import type { Knex } from 'knex';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';

/** A listed UDF: its key in the rows' Udf JSONB and the type its value is stored as ('x-columnType'). */
export interface UdfColumn {
  field: string;
  columnType: string;
}

/** The list's columns that are UDFs: keys of the rows' Udf JSONB, not columns. */
export function udfColumnsOf(list: ListDefinition, entity: JsonSchema): UdfColumn[] {
  return list.columns.flatMap((c) => {
    const property = entity.properties?.[c.field] as Record<string, unknown> | undefined;
    return property?.[UDF_KEYWORD] ? [{ field: c.field, columnType: String(property['x-columnType'] ?? 'text') }] : [];
  });
}

/**
 * A UDF's value as SQL over the Udf column, typed so it sorts as its type does: numbers and yes/no by value (a stored
 * value of another JSON type reads as NULL, never as an error), everything else as its text (an ISO date sorts so).
 * The key is written into the SQL, not bound: the list's prepared statements and the expression indexes
 * (server/modules/forms/tables/indexes.ts) must hold the very same expression for PostgreSQL to use the index.
 */
export function udfValueSql(field: string, columnType: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(field)) throw new Error(`not a UDF key: ${field}`);
  const text = `(udf ->> '${field}')`;
  if (columnType === 'integer' || columnType === 'numeric') return `(case jsonb_typeof(udf -> '${field}') when 'number' then ${text}::numeric end)`;
  if (columnType === 'boolean') return `(case jsonb_typeof(udf -> '${field}') when 'boolean' then ${text}::boolean end)`;
  return text;
}

/**
 * The rows a list reads, with each listed UDF read out of the Udf JSONB as a column of its own, so the generic
 * list selects, sorts, searches, exports and shows it by name (PostgreSQL inlines the derived table, so a sort or
 * search of the column is one of the expression, which the UDF's index serves). Without listed UDFs the query is
 * left as it is (its plans unchanged).
 */
export function withUdfColumns(db: Knex, rows: Knex.QueryBuilder, udfs: UdfColumn[]): Knex.QueryBuilder {
  if (!udfs.length) return rows;
  return db.from(rows.select('*', ...udfs.map((u) => db.raw(`${udfValueSql(u.field, u.columnType)} as ??`, [u.field]))).as('records'));
}
