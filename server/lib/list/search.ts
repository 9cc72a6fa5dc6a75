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

/**
 * Contains-search as one condition per column, `a ilike ? or b ilike ?`, each served by a trigram index of its own
 * (a built form's record table): a searchable column added later gets its own index, and no index over all of
 * them has to be rebuilt.
 */
export function whereAnyContains(query: Knex.QueryBuilder, fields: string[], term: string): void {
  if (!fields.length) return;
  const pattern = `%${escapeLike(term)}%`;
  query.where((any) => {
    for (const field of fields) any.orWhereRaw('?? ilike ?', [field, pattern]);
  });
}
