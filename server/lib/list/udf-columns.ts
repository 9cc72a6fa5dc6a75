import type { Knex } from 'knex';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';

/**
 * The key a UDF's values are stored under in the rows' Udf JSONB: made from the field's stable id, never its name, so a
 * rename changes a label and rewrites no row (DESIGN.md "Ids are identity, names are labels"). The one place the
 * property name (the wire's) and the stored key meet: clients read and write a UDF by its property name, the server
 * stores it under this key. Migration 110 moved name-keyed values to it and keeps its own copy of the rule.
 */
export const udfKey = (formFieldId: number): string => `f${formFieldId}`;

/** The stored key of a composed entity's UDF property (it carries its field's id as `x-formFieldId`). */
export function udfKeyOf(property: Record<string, unknown> | undefined): string {
  const id = property?.['x-formFieldId'];
  if (!property?.[UDF_KEYWORD] || typeof id !== 'number') throw new Error('not a UDF property with its field id');
  return udfKey(id);
}

/** A listed UDF: its property (the column's name), its key in the rows' Udf JSONB and the type its value is stored as ('x-columnType'). */
export interface UdfColumn {
  field: string;
  key: string;
  columnType: string;
}

/** The list's columns that are UDFs: keys of the rows' Udf JSONB, not columns. */
export function udfColumnsOf(list: ListDefinition, entity: JsonSchema): UdfColumn[] {
  return list.columns.flatMap((c) => {
    const property = entity.properties?.[c.field] as Record<string, unknown> | undefined;
    return property?.[UDF_KEYWORD] ? [{ field: c.field, key: udfKeyOf(property), columnType: String(property['x-columnType'] ?? 'text') }] : [];
  });
}

/**
 * A UDF's value as SQL over the Udf column, typed so it sorts as its type does: numbers and yes/no by value (a stored
 * value of another JSON type reads as NULL, never as an error), everything else as its text (an ISO date sorts so).
 * The key is written into the SQL, not bound: the list's prepared statements and the expression indexes
 * (server/modules/forms/tables/indexes.ts) must hold the very same expression for PostgreSQL to use the index.
 */
export function udfValueSql(key: string, columnType: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`not a UDF key: ${key}`);
  const text = `(udf ->> '${key}')`;
  if (columnType === 'integer' || columnType === 'numeric') return `(case jsonb_typeof(udf -> '${key}') when 'number' then ${text}::numeric end)`;
  if (columnType === 'boolean') return `(case jsonb_typeof(udf -> '${key}') when 'boolean' then ${text}::boolean end)`;
  return text;
}

/**
 * The rows a list reads, with each listed UDF read out of the Udf JSONB as a column of its own, so the generic
 * list selects, sorts, searches, exports and shows it by its property name (PostgreSQL inlines the derived table, so a sort or
 * search of the column is one of the expression, which the UDF's index serves). Without listed UDFs the query is
 * left as it is (its plans unchanged).
 */
export function withUdfColumns(db: Knex, rows: Knex.QueryBuilder, udfs: UdfColumn[]): Knex.QueryBuilder {
  if (!udfs.length) return rows;
  return db.from(rows.select('*', ...udfs.map((u) => db.raw(`${udfValueSql(u.key, u.columnType)} as ??`, [u.field]))).as('records'));
}
