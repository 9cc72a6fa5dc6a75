import type { Knex } from 'knex';
import { checkColumn, checkColumnName, checkIdentifier, indexName, quote, RecordTableError, type ColumnDescription, type SqlType } from './columns.ts';
import { defaultCircleId } from '../../../db/migrations/127_circles.ts';
import { columnSearchIndexName, createOrderIndex, orderIndexName, rememberSearchColumns, searchColumns, setSearchColumns } from './indexes.ts';

/**
 * A form's record table: record_id, the audit columns the generic CRUD writes, the atomic circle owning the record, `row_version` (the record's
 * version, raised by every update), `udf` for user-defined field values, the given columns, and their indexes. Run it in the transaction that stores the form's
 * definition rows: PostgreSQL's DDL is transactional (on PGlite too), so both commit or neither does.
 */
export async function createRecordTable(trx: Knex.Transaction, tableName: string, columns: ColumnDescription[]): Promise<void> {
  checkIdentifier(tableName, 'table name');
  const seen = new Set<string>();
  for (const column of columns) {
    checkColumn(column);
    if (seen.has(column.name)) throw new RecordTableError(`column "${column.name}" is given twice`);
    seen.add(column.name);
  }
  const own = columns.map((c) => `,\n    ${quote(c.name)} ${c.sqlType}`).join('');
  await trx.raw(`create table ${quote(tableName)} (
    "record_id" serial primary key,
    "created_by" text,
    "created_date" timestamptz not null default now(),
    "modified_by" text,
    "modified_date" timestamptz,
    "deactivated_by" text,
    "deactivated_date" timestamptz,
    "is_active" boolean not null default true,
    "row_version" integer not null default 1,
    "created_by_id" integer references "users" ("user_id") on delete set null,
    "atomic_circle_id" integer not null default ${defaultCircleId} references "atomic_circles" ("atomic_circle_id") on delete restrict,
    "udf" jsonb not null default '{}'${own}
  )`);
  await trx.raw(`create index ${quote(indexName(tableName, 'created_by_id'))} on ${quote(tableName)} ("created_by_id", "record_id")`);
  await trx.raw(`create index ${quote(indexName(tableName, 'atomic_circle_id'))} on ${quote(tableName)} ("atomic_circle_id", "record_id")`);
  for (const column of columns) if (column.sortable) await createOrderIndex(trx, tableName, column.name);
  await setSearchColumns(trx, tableName, columns.filter((c) => c.searchable).map((c) => c.name));
}

/**
 * A new nullable column without a default: PostgreSQL only records it in the catalog, so the table is
 * never rewritten, and existing rows read null. Its indexes are built here too; inside the transaction
 * that is a plain CREATE INDEX (CONCURRENTLY cannot run in a transaction), which blocks writes to this
 * table until the transaction commits: acceptable for a form's change, and it keeps definition and DDL atomic.
 */
export async function addColumn(trx: Knex.Transaction, table: string, column: ColumnDescription): Promise<void> {
  checkIdentifier(table, 'table name');
  checkColumn(column);
  await trx.raw(`alter table ${quote(table)} add column ${quote(column.name)} ${column.sqlType}`);
  if (column.sortable) await createOrderIndex(trx, table, column.name);
  if (column.searchable) await setSearchColumns(trx, table, [...(await searchColumns(trx, table)), column.name]);
}

/**
 * Renames a column; values, indexes and their expressions follow (PostgreSQL tracks columns by number), and the
 * column's order and search indexes take the names that go with the new column name.
 */
export async function renameColumn(trx: Knex.Transaction, table: string, from: string, to: string): Promise<void> {
  checkIdentifier(table, 'table name');
  checkColumnName(from);
  checkColumnName(to);
  await trx.raw(`alter table ${quote(table)} rename column ${quote(from)} to ${quote(to)}`);
  for (const named of [orderIndexName, columnSearchIndexName]) {
    await trx.raw(`alter index if exists ${quote(named(table, from))} rename to ${quote(named(table, to))}`);
  }
  const searchable = await searchColumns(trx, table);
  if (searchable.includes(from)) {
    // The index itself already follows the column; only the remembered list needs the new name.
    await rememberSearchColumns(trx, table, searchable.map((c) => (c === from ? to : c)));
  }
}

const typeNames: Record<string, SqlType> = {
  text: 'text', integer: 'integer', numeric: 'numeric', boolean: 'boolean', date: 'date',
  'timestamp with time zone': 'timestamptz', jsonb: 'jsonb',
};

/** The column's current SQL type, or an error when the table or column does not exist. */
export async function columnType(trx: Knex.Transaction, table: string, column: string): Promise<SqlType> {
  const result = await trx.raw(
    `select format_type(a.atttypid, a.atttypmod) as "Type" from pg_attribute a
      where a.attrelid = to_regclass(?) and a.attname = ? and a.attnum > 0 and not a.attisdropped`,
    [quote(table), checkIdentifier(column, 'column name')],
  );
  const type = (result.rows[0] as { Type: string } | undefined)?.Type;
  if (type === undefined) throw new RecordTableError(`table "${table}" has no column "${column}"`);
  const sqlType = typeNames[type];
  if (!sqlType) throw new RecordTableError(`column "${column}" of "${table}" has type ${type}, which record tables do not use`);
  return sqlType;
}
