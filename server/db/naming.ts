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

export function rowToWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rowToWire);
  if (value !== null && typeof value === 'object' && isRawResult(value)) return { ...value, rows: value.rows.map(rowToWire) };
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[toPascalCase(key)] = v;
  return out;
}
