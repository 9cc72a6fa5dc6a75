import { createHash } from 'node:crypto';

/** The SQL types a form's record column may have. */
export const sqlTypes = ['text', 'integer', 'numeric', 'boolean', 'date', 'timestamptz', 'jsonb'] as const;
export type SqlType = (typeof sqlTypes)[number];

/** One column of a record table, as the forms module describes a field. */
export interface ColumnDescription {
  /** snake_case SQL identifier. */
  name: string;
  sqlType: SqlType;
  /** Gets a (column, record_id) b-tree for keyset paging in either direction. */
  sortable?: boolean;
  /** Joins the table's trigram (GIN) index for contains-search. */
  searchable?: boolean;
}

/** Columns every record table has; a field may not take these names. */
export const reservedColumnNames: ReadonlySet<string> = new Set([
  'record_id', 'udf', 'created_by', 'created_date', 'modified_by', 'modified_date',
  'deactivated_by', 'deactivated_date', 'is_active', 'created_by_id', 'row_version',
]);

const identifierPattern = /^[a-z][a-z0-9_]{0,62}$/;

export class RecordTableError extends Error {}

/** Refuses anything but a plain snake_case identifier (so quoting it is exact and names need no mapping). */
export function checkIdentifier(name: unknown, what = 'identifier'): string {
  if (typeof name !== 'string' || !identifierPattern.test(name)) {
    throw new RecordTableError(`${what} ${JSON.stringify(name)} is not a snake_case SQL identifier (a-z, 0-9, _; at most 63 characters, starting with a letter)`);
  }
  return name;
}

export function checkColumnName(name: unknown): string {
  checkIdentifier(name, 'column name');
  if (reservedColumnNames.has(name as string)) throw new RecordTableError(`column name "${name as string}" is reserved for the record table's own columns`);
  return name as string;
}

export function checkColumn(column: ColumnDescription): ColumnDescription {
  checkColumnName(column.name);
  if (!(sqlTypes as readonly string[]).includes(column.sqlType)) {
    throw new RecordTableError(`column "${column.name}": SQL type ${JSON.stringify(column.sqlType)} is not one of ${sqlTypes.join(', ')}`);
  }
  return column;
}

/**
 * A checked identifier, double-quoted. Only names that passed checkIdentifier reach SQL text, and being
 * snake_case they are the same under the app knex's PascalCase <-> snake_case mapping.
 */
export function quote(name: string): string {
  return `"${checkIdentifier(name)}"`;
}

/** An index name from its parts; long ones are shortened with a hash so PostgreSQL never truncates two into one. */
export function indexName(...parts: string[]): string {
  const name = parts.join('_');
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}
