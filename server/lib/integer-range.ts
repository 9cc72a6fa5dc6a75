import { MAX_INTEGER } from '../../engine/core/validation/patterns.ts';

const MIN_INTEGER = -MAX_INTEGER - 1;

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

function isInteger(node: Node): boolean {
  return node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));
}

/**
 * A copy of a route schema in which every integer without its own bounds stays within the database's
 * integer (-2147483648 to 2147483647; spec: "an integer is also at most 2147483647"). Without them,
 * 2147483648 or 1e309 in an id passed validation and failed in PostgreSQL with 500.
 */
export function withIntegerRange<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withIntegerRange) as T;
  if (!isNode(schema)) return schema;
  const copy: Node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : withIntegerRange(value)]));
  if (isInteger(copy)) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = MAX_INTEGER;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = MIN_INTEGER;
  }
  return copy as T;
}
