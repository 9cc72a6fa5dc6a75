import type { Knex } from 'knex';
import type { SearchCondition } from './prepare.ts';

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Contains-search over the searchable columns as one expression,
 * `coalesce(a,'') || ' ' || coalesce(b,'') ...`, so that one trigram (GIN) index over the same
 * expression serves it on PostgreSQL. A module's migration creates that index for its columns in the
 * order the screen declares them.
 */
export function whereContains(
  query: Knex.QueryBuilder, fields: string[], term: string, apart: readonly string[] = [], conditions: Readonly<Record<string, SearchCondition>> = {},
): void {
  const separate = (f: string) => apart.includes(f) || Boolean(conditions[f]);
  const joined = fields.filter((f) => !separate(f));
  const each = fields.filter(separate);
  const expression = joined.map(() => "coalesce(??::text, '')").join(" || ' ' || ");
  const pattern = `%${escapeLike(term)}%`;
  if (!each.length) {
    if (joined.length) query.whereRaw(`(${expression}) ilike ?`, [...joined, pattern]);
    return;
  }
  // Columns apart (UDFs, which an administrator adds later) are each searched on their own, beside the joined text:
  // each OR branch has an index of its own, and the joined text keeps the very expression of its index.
  query.where((any) => {
    if (joined.length) any.orWhereRaw(`(${expression}) ilike ?`, [...joined, pattern]);
    for (const field of each) orMatches(any, field, pattern, conditions);
  });
}

function orMatches(any: Knex.QueryBuilder, field: string, pattern: string, conditions: Readonly<Record<string, SearchCondition>>): void {
  const condition = conditions[field];
  if (condition) any.orWhereRaw('?', [condition(pattern)]);
  else any.orWhereRaw('?? ilike ?', [field, pattern]);
}

/**
 * Contains-search as one condition per column, `a ilike ? or b ilike ?`, each served by a trigram index of its own
 * (a built form's record table): a searchable column added later gets its own index, and no index over all of
 * them has to be rebuilt.
 */
export function whereAnyContains(query: Knex.QueryBuilder, fields: string[], term: string, conditions: Readonly<Record<string, SearchCondition>> = {}): void {
  if (!fields.length) return;
  const pattern = `%${escapeLike(term)}%`;
  query.where((any) => {
    for (const field of fields) orMatches(any, field, pattern, conditions);
  });
}
