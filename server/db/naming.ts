/**
 * The one place where wire names (the specification's PascalCase: UserName, IsActive) and database
 * names (snake_case: user_name, is_active) meet. knex calls these for every identifier and row.
 */
// Names repeat on every query and row, and there are few of them: convert each once.
const snakeNames = new Map<string, string>();
const pascalNames = new Map<string, string>();

export function toSnakeCase(name: string): string {
  let snake = snakeNames.get(name);
  if (snake === undefined) {
    snake = name === '*' || name.includes('"') ? name : name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    if (snakeNames.size < 10_000) snakeNames.set(name, snake);
  }
  return snake;
}

export function toPascalCase(name: string): string {
  let pascal = pascalNames.get(name);
  if (pascal === undefined) {
    pascal = name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
    if (pascalNames.size < 10_000) pascalNames.set(name, pascal);
  }
  return pascal;
}

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
