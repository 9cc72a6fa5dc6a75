/**
 * The one place where wire names (the specification's PascalCase: UserName, IsActive) and database
 * names (snake_case: user_name, is_active) meet. knex calls these for every identifier and row.
 */
import { toPascalCase, toSnakeCase } from '../../engine/core/naming.ts';

export { toPascalCase, toSnakeCase };

/** A raw query's result (pg and PGlite alike): its rows are converted, the envelope kept as the driver gave it. */
function isRawResult(value: object): value is { rows: unknown[] } {
  return Array.isArray((value as { rows?: unknown }).rows) && Array.isArray((value as { fields?: unknown }).fields);
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);

function objectToWire(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) out[toPascalCase(key)] = row[key];
  return out;
}

/**
 * A statement's rows share their columns: the wire names are worked out once from the first row and each row is
 * copied through them (a list page of 50 rows looked every name up 50 times). A row with other keys is converted alone.
 */
function rowsToWire(rows: unknown[]): unknown[] {
  const first = rows[0];
  if (!isRow(first)) return rows.map(rowToWire);
  const keys = Object.keys(first);
  const names = keys.map(toPascalCase);
  return rows.map((row) => {
    if (!isRow(row) || Object.keys(row).length !== keys.length) return rowToWire(row);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      if (!(keys[i] in row)) return objectToWire(row);
      out[names[i]] = row[keys[i]];
    }
    return out;
  });
}

export function rowToWire(value: unknown): unknown {
  if (Array.isArray(value)) return rowsToWire(value);
  if (value !== null && typeof value === 'object' && isRawResult(value)) return { ...value, rows: rowsToWire(value.rows) };
  return isRow(value) ? objectToWire(value) : value;
}
