import { createHash } from 'node:crypto';

/** Bounds the prepared statements each connection keeps: an unusual mix of columns and sorts gets no new name past it. */
const maxNames = 500;
const given = new Set<string>();

/**
 * The name under which a list page's SQL runs as a prepared statement, so PostgreSQL plans it once per
 * connection instead of on every page (planning costs about as much as walking 50 rows of an index). Only for
 * statements one plan suits whatever their values: a contains-search is planned per term, because a rare term
 * wants the trigram index and a common one the order's index.
 */
export function listStatementName(sql: string, searched: boolean): string | undefined {
  if (searched) return undefined;
  const name = `list-${createHash('sha1').update(sql).digest('base64url').slice(0, 22)}`;
  if (given.has(name)) return name;
  if (given.size >= maxNames) return undefined;
  given.add(name);
  return name;
}
