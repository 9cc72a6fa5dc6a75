import type { Knex } from 'knex';
import { indexName, quote, type SqlType } from './columns.ts';
import { conversion } from './conversions.ts';
import { valueWouldNotConvertCode } from '../../../lib/database-errors.ts';
import { columnSearchIndexName, createColumnSearchIndex, createOrderIndex, orderIndexName } from './indexes.ts';

/**
 * A type change that rewrites values, made online: the new values go to a column of their own beside the old one,
 * which a trigger keeps in step with every write while batches fill the rows written before, so the form stays
 * readable and writable; a short transaction then drops the old column and gives the new one its name. These are
 * its SQL steps; server/modules/forms/type-change-jobs.ts runs them.
 */
export interface OnlineTypeChange {
  table: string;
  column: string;
  from: SqlType;
  to: SqlType;
  /** The field's id: it names the new column, its trigger and its indexes. */
  fieldId: number;
}


export const shadowColumnOf = (change: Pick<OnlineTypeChange, 'fieldId'>) => `type_change_${change.fieldId}`;
const triggerNames = (change: OnlineTypeChange) => ({
  fn: indexName(change.table, `tc${change.fieldId}`, 'fn'),
  trigger: indexName(change.table, `tc${change.fieldId}`, 'sync'),
});
/** The new column's indexes while it has its own name, renamed at the swap to the names the field's column has. */
const shadowIndexNames = (change: OnlineTypeChange) => ({
  order: orderIndexName(change.table, shadowColumnOf(change)),
  search: columnSearchIndexName(change.table, shadowColumnOf(change)),
});

/** A SQL string literal; knex reads `?` as a binding, so it is escaped. */
const literal = (text: string) => `'${text.replace(/'/g, "''").replace(/\?/g, '\\?')}'`;

/**
 * Adds the new column (nullable, no default: no rewrite) and the trigger that fills it on every insert and every update
 * of the old column. A value that would not convert is refused with valueWouldNotConvertCode and `message` (also its hint:
 * knex puts the statement before the message), naming `property` in the error's detail: nothing is stored that the change could not carry.
 */
export async function addShadowColumn(trx: Knex, change: OnlineTypeChange, message: string, property: string): Promise<void> {
  const { table, column, from, to } = change;
  const shadow = shadowColumnOf(change);
  const names = triggerNames(change);
  const convert = conversion(from, to, column);
  const value = `NEW.${quote(column)}`;
  await trx.raw(`alter table ${quote(table)} add column ${quote(shadow)} ${to}`);
  await trx.raw(`create function ${quote(names.fn)}() returns trigger language plpgsql as $fn$
begin
  if ${value} is not null and not (${convert.ok(value)}) then
    raise exception using errcode = '${valueWouldNotConvertCode}', message = ${literal(message)}, hint = ${literal(message)}, detail = ${literal(property)};
  end if;
  NEW.${quote(shadow)} := ${convert.using(value)};
  return NEW;
end $fn$`);
  await trx.raw(`create trigger ${quote(names.trigger)} before insert or update of ${quote(column)} on ${quote(table)} for each row execute function ${quote(names.fn)}()`);
}

/** The highest record id when the trigger took over: every row written after has its new value already. */
export async function lastRecordId(db: Knex, table: string): Promise<number> {
  const result = await db.raw(`select coalesce(max("record_id"), 0)::bigint as "Max" from ${quote(table)}`);
  return Number((result.rows[0] as { Max: string | number }).Max);
}

/** Fills the new column of up to `rows` records with a value after `afterId` (up to `lastId`), in the caller's transaction (a null stays null). */
export async function fillBatch(trx: Knex, change: OnlineTypeChange, afterId: number, lastId: number, rows: number): Promise<{ count: number; lastRecordId: number }> {
  const { table, column } = change;
  const using = conversion(change.from, change.to, column).using(`t.${quote(column)}`);
  const result = await trx.raw(
    `with batch as (select "record_id" from ${quote(table)} where "record_id" > ? and "record_id" <= ? and ${quote(column)} is not null order by "record_id" limit ?),
          filled as (update ${quote(table)} t set ${quote(shadowColumnOf(change))} = ${using} from batch where t."record_id" = batch."record_id" returning t."record_id")
     select count(*)::int as "Count", coalesce(max("record_id"), 0)::bigint as "Last" from filled`,
    [afterId, lastId, rows],
  );
  const row = result.rows[0] as { Count: number; Last: string | number };
  return { count: row.Count, lastRecordId: Number(row.Last) };
}

/** Rows with a value the new column lacks: none once the fill is complete (the trigger kept every later write in step). */
export async function unfilledCount(db: Knex, change: OnlineTypeChange): Promise<number> {
  const result = await db.raw(`select count(*)::int as "Count" from ${quote(change.table)} where ${quote(change.column)} is not null and ${quote(shadowColumnOf(change))} is null`);
  return (result.rows[0] as { Count: number }).Count;
}

/**
 * The new column's list indexes, built before the swap so that none is built while writes wait. On PostgreSQL
 * CONCURRENTLY (writes go on; the form's definition cannot change meanwhile, so no definition change waits on it);
 * PGlite has one connection, where a plain build is the same.
 */
export async function buildShadowIndexes(db: Knex, change: OnlineTypeChange, kinds: { sortable: boolean; searchable: boolean }): Promise<void> {
  const shadow = shadowColumnOf(change);
  const names = shadowIndexNames(change);
  const concurrently = db.client.config.client === 'pg';
  const build = async (name: string, plain: () => Promise<void>, definition: string) => {
    if (!concurrently) return plain();
    // An interrupted concurrent build leaves an invalid index of that name: it is dropped and built again.
    await db.raw(`drop index concurrently if exists ${quote(name)}`);
    await db.raw(`create index concurrently ${quote(name)} on ${quote(change.table)} ${definition}`);
  };
  if (kinds.sortable) await build(names.order, () => createOrderIndex(db, change.table, shadow), `(${quote(shadow)}, "record_id")`);
  if (kinds.searchable) await build(names.search, () => createColumnSearchIndex(db, change.table, shadow), `using gin (${quote(shadow)} gin_trgm_ops)`);
}

/**
 * The swap, in the caller's short transaction (which holds the table's lock): the trigger goes, the old column goes
 * with its indexes, and the new column and its indexes take their names.
 */
export async function swapShadowColumn(trx: Knex, change: OnlineTypeChange): Promise<void> {
  const { table, column } = change;
  const names = triggerNames(change);
  const shadowIndexes = shadowIndexNames(change);
  await dropTrigger(trx, change, names);
  await trx.raw(`alter table ${quote(table)} drop column ${quote(column)}`);
  await trx.raw(`alter table ${quote(table)} rename column ${quote(shadowColumnOf(change))} to ${quote(column)}`);
  await trx.raw(`alter index if exists ${quote(shadowIndexes.order)} rename to ${quote(orderIndexName(table, column))}`);
  await trx.raw(`alter index if exists ${quote(shadowIndexes.search)} rename to ${quote(columnSearchIndexName(table, column))}`);
}

/** Undoes the change's SQL (a refused or failed change): the trigger and the new column go; the old one is untouched. */
export async function dropShadowColumn(trx: Knex, change: OnlineTypeChange): Promise<void> {
  await dropTrigger(trx, change, triggerNames(change));
  await trx.raw(`alter table ${quote(change.table)} drop column if exists ${quote(shadowColumnOf(change))}`);
}

async function dropTrigger(trx: Knex, change: OnlineTypeChange, names: ReturnType<typeof triggerNames>): Promise<void> {
  await trx.raw(`drop trigger if exists ${quote(names.trigger)} on ${quote(change.table)}`);
  await trx.raw(`drop function if exists ${quote(names.fn)}()`);
}
