import type { Knex } from 'knex';

/** Whose rows a list marks as locked by someone else: the domain of its rows' locks, and who asks. */
export interface ListLocks {
  domain: string;
  /** The field of a row holding its id in the domain. */
  idField: string;
  owner: { SessionId: string; WindowId: string };
  /** A lock of a session idle longer than this is no lock (the session is over). */
  idleSeconds: number;
  /** The live locks of the domain held by anyone but the owner, as record_locks rows aliased `alias` (locks/store.ts othersLiveLocks). */
  others(knex: Knex, alias: string, domain: string, owner: { SessionId: string; WindowId: string }, idleSeconds: number): Knex.QueryBuilder;
}

/** A list answer's ids of the rows on its page locked by someone else, when the list read them with its page. */
export const lockedRowIds = Symbol('lockedRowIds');

const flag = 'ListRowLocked';

/**
 * The page with a column saying which of its rows someone else holds locked: the page's query becomes a subquery, so
 * the lock check needs nothing of the list's tables or aliases, and the order is applied again outside. One statement
 * instead of the page and then its locks (a round trip, and a fifth of a list call's server time).
 */
export function withLockFlags(knex: Knex, page: Knex.QueryBuilder, locks: ListLocks, order: (q: Knex.QueryBuilder) => void): Knex.QueryBuilder {
  const { domain, owner, idleSeconds } = locks;
  const flagged = knex.select('page_rows.*', knex.raw(lockFlagSql(knex, locks), [domain, owner.SessionId, owner.WindowId, idleSeconds]))
    .from(page.as('page_rows'));
  order(flagged);
  return flagged;
}

/** The flag's SQL, built by knex once per id field (every list call would build its nested queries again otherwise). */
const flagSql = new WeakMap<Knex, Map<string, string>>();
const slot = (name: string) => `\u0000${name}\u0000`;

function lockFlagSql(knex: Knex, locks: ListLocks): string {
  let byField = flagSql.get(knex);
  if (!byField) flagSql.set(knex, (byField = new Map()));
  let sql = byField.get(locks.idField);
  if (sql === undefined) {
    const others = locks.others(knex, 'l', slot('domain'), { SessionId: slot('session'), WindowId: slot('window') }, slot('idle') as never)
      .whereRaw('l.domain_id = ??', [`page_rows.${locks.idField}`])
      .select(knex.raw('1'));
    const built = knex.raw('exists ? as ??', [others, flag]).toSQL();
    // The slots must come in the order the values are given (domain, session, window, idle), each once.
    const order = built.bindings.map((b) => String(b));
    if (order.join() !== [slot('domain'), slot('session'), slot('window'), slot('idle')].join()) throw new Error(`unexpected lock flag bindings: ${order.join()}`);
    sql = built.sql;
    byField.set(locks.idField, sql);
  }
  return sql;
}

/** Takes the flags off the rows (the answer's rows carry only their fields), answering the flagged rows' ids. */
export function takeLockFlags(rows: Array<Record<string, unknown>>, idField: string): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    if (row[flag] === true) ids.push(Number(row[idField]));
    delete row[flag];
  }
  return ids;
}
