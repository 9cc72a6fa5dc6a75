import type { Knex } from 'knex';

/**
 * What a refused request may still change, and why:
 * - sessions.last_seen: every signed-in request, refused or not, passes the session check first, and the
 *   check records the session's last activity (the idle time-out counts from it).
 * - rate_events: failed sign-ins and recovery requests are the rate limits' counters; a refused sign-in is
 *   exactly what they count (per account and per client address).
 */
const ignoredColumns: Record<string, readonly string[]> = { sessions: ['last_seen'] };
const ignoredTables = new Set(['rate_events', 'fuzz_row_changes']);

/** A row written, as the log recorded it (the ignored columns left out). */
export interface RowChange {
  table: string;
  op: string;
  before: unknown;
  after: unknown;
}

/**
 * What the writes leave behind, as a before-and-after snapshot would see it: a row inserted and deleted
 * again by the same request (a record lock taken, then released when the record is not found) is no change.
 */
export function netChanges(changes: RowChange[]): RowChange[] {
  const count = new Map<string, number>();
  const add = (table: string, row: unknown, n: number) => {
    const key = `${table}\u0000${JSON.stringify(row)}`;
    count.set(key, (count.get(key) ?? 0) + n);
  };
  for (const c of changes) {
    if (c.before != null) add(c.table, c.before, -1);
    if (c.after != null) add(c.table, c.after, 1);
  }
  return changes.filter((c) => c.op === 'TRUNCATE' || [c.before, c.after].some((row) => row != null && count.get(`${c.table}\u0000${JSON.stringify(row)}`) !== 0));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Every row any statement writes, logged by a trigger on every table. A whole-database snapshot before
 * and after each request is the same check, but took 56 ms a snapshot on PGlite here (10,000 requests:
 * 19 minutes); the log costs one query a request and names the rows. Tables are watched as they appear
 * (a successful request may create a form's record table), and a change to the set of tables or their
 * columns counts as a change too.
 */
export class RowChangeLog {
  private watched = new Set<string>();
  private shape = '';

  constructor(private readonly db: Knex) {}

  async install(): Promise<void> {
    await this.db.raw(`create table if not exists fuzz_row_changes (id serial primary key, tbl text, op text, old jsonb, new jsonb)`);
    await this.db.raw(`create or replace function fuzz_log_row() returns trigger language plpgsql as $$
      declare o jsonb; n jsonb;
      begin
        if TG_OP <> 'INSERT' then o := to_jsonb(OLD) - coalesce(TG_ARGV::text[], '{}'); end if;
        if TG_OP <> 'DELETE' then n := to_jsonb(NEW) - coalesce(TG_ARGV::text[], '{}'); end if;
        if o is distinct from n then insert into fuzz_row_changes (tbl, op, old, new) values (TG_TABLE_NAME, TG_OP, o, n); end if;
        return null;
      end $$`);
    await this.db.raw(`create or replace function fuzz_log_truncate() returns trigger language plpgsql as $$
      begin insert into fuzz_row_changes (tbl, op) values (TG_TABLE_NAME, 'TRUNCATE'); return null; end $$`);
    await this.watchNewTables();
  }

  /** The tables and their column counts: DDL by a request shows here. */
  private async currentShape(): Promise<Array<{ name: string; columns: number }>> {
    const { rows } = await this.db.raw(`select relname::text as n, relnatts::int as c from pg_class
      where relkind = 'r' and relnamespace = current_schema()::regnamespace order by 1`);
    return (rows as Array<{ N: string; C: number }>).map((r) => ({ name: r.N, columns: r.C }));
  }

  private async watchNewTables(): Promise<void> {
    const tables = await this.currentShape();
    for (const { name } of tables) {
      if (this.watched.has(name) || ignoredTables.has(name)) continue;
      const args = (ignoredColumns[name] ?? []).map(literal).join(', ');
      await this.db.raw(`create trigger fuzz_log_row after insert or update or delete on ${quote(name)} for each row execute function fuzz_log_row(${args})`);
      await this.db.raw(`create trigger fuzz_log_truncate after truncate on ${quote(name)} for each statement execute function fuzz_log_truncate()`);
      this.watched.add(name);
    }
    this.shape = tables.map((t) => `${t.name}:${t.columns}`).join(',');
  }

  /** The rows written since the last call (and a pseudo-change when tables or columns changed); the log starts empty again. */
  async takeChanges(): Promise<RowChange[]> {
    // One round trip: the log's rows, and the tables' shape to compare with the last one.
    const { rows } = await this.db.raw(`with taken as (delete from fuzz_row_changes returning id, tbl, op, old, new)
      select id, tbl, op, old, new from taken
      union all select null, null, 'SHAPE', null, to_jsonb(string_agg(relname::text || ':' || relnatts, ',' order by relname)) from pg_class
        where relkind = 'r' and relnamespace = current_schema()::regnamespace`);
    const all = rows as Array<{ Id: number | null; Tbl: string; Op: string; Old: unknown; New: unknown }>;
    const changes = netChanges(all.filter((r) => r.Op !== 'SHAPE').sort((a, b) => a.Id! - b.Id!).map((r) => ({ table: r.Tbl, op: r.Op, before: r.Old, after: r.New })));
    const shape = String(all.find((r) => r.Op === 'SHAPE')?.New);
    if (shape !== this.shape) {
      changes.push({ table: '(schema)', op: 'DDL', before: this.shape, after: shape });
      await this.watchNewTables();
    }
    return changes;
  }
}
