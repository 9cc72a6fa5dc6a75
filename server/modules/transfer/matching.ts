import type { Knex } from 'knex';

type Row = Record<string, any>;

/** How the import found the target's row for a document's definition. */
export interface Found { row: Row; byKey: boolean }

/** What the administrator's TakeOver names a conflict by: the document's key, or (a document made before keys) its kind and name. */
export const choiceKey = (kind: string, key: string | undefined, name: string) => key ?? `${kind}: ${name}`;

/**
 * The target's row for a document's definition: by its key first (a rename on the source arrives as a rename),
 * then by what names it (a document made before keys, or a thing the target has under another key).
 */
export async function findDefinition(trx: Knex, table: string, key: string | undefined, byName: (q: Knex.QueryBuilder) => Knex.QueryBuilder, within: Row = {}): Promise<Found | undefined> {
  if (key) {
    const row: Row | undefined = await trx(table).where({ ...within, Key: key }).first();
    if (row) return { row, byKey: true };
  }
  const row: Row | undefined = await byName(trx(table).where(within)).first();
  return row ? { row, byKey: false } : undefined;
}

/** A row found by name takes the document's key (when no other row holds it), so the next import finds it by key. */
export async function adoptKey(trx: Knex, table: string, where: Row, key: string | undefined): Promise<void> {
  if (!key || (await trx(table).where({ Key: key }).first(trx.raw('1')))) return;
  await trx(table).where(where).update({ Key: key });
}

/** The document's key for a new row, when it has one no other row holds (else the column's default makes one). */
export async function keyColumn(trx: Knex, table: string, key: string | undefined): Promise<{ Key?: string }> {
  return key && !(await trx(table).where({ Key: key }).first(trx.raw('1'))) ? { Key: key } : {};
}

/**
 * The ids of a table's rows that kept imports wrote (created, or took over with the administrator's choice): the
 * rest the target made itself, and a document may take those over only when the administrator chooses it.
 */
export async function importedIds(trx: Knex, table: 'forms' | 'pages' | 'simple_lookup_tables'): Promise<Set<number>> {
  const { rows } = await trx.raw('select distinct k as id from transfer_imports i, jsonb_object_keys(i.after -> ?) k where i.rolled_back_at is null', [table]);
  return new Set((rows as Array<{ Id: string }>).map((r) => Number(r.Id)));
}
