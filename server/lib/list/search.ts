import type { Knex } from 'knex';

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Contains-search over the searchable columns as one expression,
 * `coalesce(a,'') || ' ' || coalesce(b,'') ...`, so that one trigram (GIN) index over the same
 * expression serves it on PostgreSQL. A module's migration creates that index for its columns in the
 * order the screen declares them.
 */
export function whereContains(query: Knex.QueryBuilder, fields: string[], term: string): void {
  if (!fields.length) return;
  const expression = fields.map(() => "coalesce(??::text, '')").join(" || ' ' || ");
  query.whereRaw(`(${expression}) ilike ?`, [...fields, `%${escapeLike(term)}%`]);
}
