import type { Knex } from 'knex';
import { checkIdentifier, quote, RecordTableError, sqlTypes, type SqlType } from './columns.ts';
import { conversion } from './conversions.ts';
import { searchColumns, setSearchColumns } from './indexes.ts';
import { columnType } from './tables.ts';

export interface TypeChangePlan {
  from: SqlType;
  to: SqlType;
  /** Non-null values that convert. */
  convertible: number;
  /** All non-null values that do not convert. */
  failingCount: number;
  /** The first 100 of them by record_id, each value as text. */
  failing: Array<{ recordId: number; value: string }>;
}

/** A type change refused because some values would not convert; nothing was changed. */
export class TypeChangeRefused extends RecordTableError {
  constructor(readonly table: string, readonly column: string, readonly plan: TypeChangePlan) {
    const first = plan.failing.slice(0, 5).map((f) => `${f.recordId}: ${JSON.stringify(f.value)}`).join(', ');
    super(`column "${column}" of "${table}" cannot become ${plan.to}: ${plan.failingCount} value(s) do not convert (record ${first})`);
  }
  get failingCount(): number {
    return this.plan.failingCount;
  }
  get failing(): TypeChangePlan['failing'] {
    return this.plan.failing;
  }
}

const failingShown = 100;

/** The dry run: tests every non-null value's conversion in SQL with the same rule the change applies; changes nothing. */
export async function planTypeChange(trx: Knex.Transaction, table: string, column: string, toType: SqlType): Promise<TypeChangePlan> {
  checkIdentifier(table, 'table name');
  if (!(sqlTypes as readonly string[]).includes(toType)) throw new RecordTableError(`SQL type ${JSON.stringify(toType)} is not one of ${sqlTypes.join(', ')}`);
  const from = await columnType(trx, table, column);
  const ok = conversion(from, toType, column).ok(quote(column));
  const counts = await trx.raw(
    `select count(*) filter (where ok)::int as "Convertible", count(*) filter (where not ok)::int as "FailingCount"
       from (select ${ok} as ok from ${quote(table)} where ${quote(column)} is not null) tested`,
  );
  const { Convertible, FailingCount } = counts.rows[0] as { Convertible: number; FailingCount: number };
  let failing: TypeChangePlan['failing'] = [];
  if (FailingCount > 0) {
    const rows = await trx.raw(
      `select "record_id" as "RecordId", ${quote(column)}::text as "Value" from ${quote(table)}
        where ${quote(column)} is not null and not ${ok} order by "record_id" limit ${failingShown}`,
    );
    failing = (rows.rows as Array<{ RecordId: number; Value: string }>).map((r) => ({ recordId: r.RecordId, value: r.Value }));
  }
  return { from, to: toType, convertible: Convertible, failingCount: FailingCount, failing };
}

/**
 * Changes a column's type only when every value converts: writes to the table are locked out first (so no
 * row slips in between), then the dry run; any failure refuses with the failing count and first values.
 * Otherwise ALTER ... USING the same conversion, whose expression raises rather than yields null.
 */
export async function applyTypeChange(trx: Knex.Transaction, table: string, column: string, toType: SqlType): Promise<TypeChangePlan> {
  checkIdentifier(table, 'table name');
  await trx.raw(`lock table ${quote(table)} in share row exclusive mode`);
  const plan = await planTypeChange(trx, table, column, toType);
  if (plan.failingCount > 0) throw new TypeChangeRefused(table, column, plan);
  const using = conversion(plan.from, toType, column).using(quote(column));
  // PostgreSQL stores coalesce(text_column::text, '') without the cast, and rebuilding that index for a column
  // no longer text fails: a searchable column's trigram index is dropped and built again over the new type.
  const searchable = await searchColumns(trx, table);
  if (searchable.includes(column)) await setSearchColumns(trx, table, []);
  await trx.raw(`alter table ${quote(table)} alter column ${quote(column)} type ${toType} using ${using}`);
  if (searchable.includes(column)) await setSearchColumns(trx, table, searchable);
  return plan;
}
