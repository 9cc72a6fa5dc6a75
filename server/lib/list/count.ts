import type { Knex } from 'knex';

/** Up to this many rows are counted exactly; past it the planner's estimate is given, marked as one. */
export const exactCountLimit = 10_000;

export interface CountResult {
  count: number;
  estimated: boolean;
}

/** Estimates are approximate by nature, so one is reused for a few seconds instead of planning again per page. */
const estimateTtlMs = 10_000;
const estimates = new Map<string, { rows: number; at: number }>();

/** The planner's row estimate for the query: no rows are read. */
async function plannerEstimate(knex: Knex, filtered: Knex.QueryBuilder): Promise<number> {
  const { sql, bindings } = filtered.clone().clearSelect().clearOrder().select(knex.raw('1')).toSQL();
  const key = `${sql}\u0000${JSON.stringify(bindings)}`;
  const cached = estimates.get(key);
  if (cached && Date.now() - cached.at < estimateTtlMs) return cached.rows;
  const explained = await knex.raw(`explain (format json) ${sql}`, bindings as Knex.RawBinding[]);
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const rows = Number((typeof plan === 'string' ? JSON.parse(plan) : plan)?.[0]?.Plan?.['Plan Rows'] ?? 0);
  if (estimates.size > 1000) estimates.clear();
  estimates.set(key, { rows, at: Date.now() });
  return rows;
}

/**
 * Counting a million rows costs most of a second, and even counting to 10,000 costs more than the page.
 * So the planner is asked first: when it expects far more rows than the limit, its estimate is the
 * answer (marked as an estimate); otherwise the rows are counted, but only as far as the limit, so a
 * wrong estimate costs at most that. The UI never shows an estimate as if it were exact. `fromFirstPage` answers
 * the number of rows when the first page already shows them all (a selective search, a short list).
 */
export async function countRows(
  knex: Knex,
  filtered: Knex.QueryBuilder,
  fromFirstPage?: () => Promise<number | undefined>,
  bound: (q: Knex.QueryBuilder) => Knex.QueryBuilder = (q) => q,
): Promise<CountResult> {
  const estimate = await plannerEstimate(knex, filtered);
  if (estimate > exactCountLimit * 2) return { count: estimate, estimated: true };
  // A first page that is not full holds every row: its length is the count, and no count query runs.
  const onFirstPage = await fromFirstPage?.();
  if (onFirstPage !== undefined) return { count: onFirstPage, estimated: false };
  const capped = filtered.clone().clearSelect().clearOrder().select(knex.raw('1')).limit(exactCountLimit + 1);
  const [{ Count }] = (await bound(knex.count({ Count: '*' }).from(capped.as('capped')))) as Array<{ Count: number | string }>;
  if (Number(Count) <= exactCountLimit) return { count: Number(Count), estimated: false };
  return { count: Math.max(estimate, exactCountLimit + 1), estimated: true };
}
