import type { Knex } from 'knex';

/** Up to this many rows are counted exactly; past it the planner's estimate is given, marked as one. */
export const exactCountLimit = 10_000;

export interface CountResult {
  count: number;
  estimated: boolean;
}

/**
 * Counting a million rows costs most of a second, so count only as far as the limit: an exact answer
 * whenever the list is smaller, and for larger lists the planner's estimate, never silently as exact.
 */
export async function countRows(knex: Knex, filtered: Knex.QueryBuilder): Promise<CountResult> {
  const capped = filtered.clone().clearSelect().clearOrder().select(knex.raw('1')).limit(exactCountLimit + 1);
  const [{ Count }] = (await knex.count({ Count: '*' }).from(capped.as('capped'))) as Array<{ Count: number | string }>;
  if (Number(Count) <= exactCountLimit) return { count: Number(Count), estimated: false };
  const { sql, bindings } = filtered.clone().clearSelect().clearOrder().select(knex.raw('1')).toSQL();
  const explained = await knex.raw(`explain (format json) ${sql}`, bindings as Knex.RawBinding[]);
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const estimate = Number((typeof plan === 'string' ? JSON.parse(plan) : plan)?.[0]?.Plan?.['Plan Rows'] ?? 0);
  return { count: Math.max(estimate, exactCountLimit + 1), estimated: true };
}
