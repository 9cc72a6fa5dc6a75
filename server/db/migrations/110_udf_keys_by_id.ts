import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * A UDF's values are kept in its record table's `udf` JSONB under a key made from the field's stable id (`f<id>`,
 * server/lib/list/udf-columns.ts udfKey), no longer under its name, so that renaming a UDF rewrites no record
 * (DESIGN.md "Ids are identity, names are labels"). This moves every record table's (and the users table's) keys from
 * the UDF's StoredName to its id key, and rebuilds each name-keyed expression index (sort and trigram) over the id
 * key under the id's name: nothing rebuilds them later (the record indexes are built after a definition change
 * only). The rule is copied here, not imported: a migration keeps doing what it did when the app's code moves on.
 * StoredNames begin with a capital letter and id keys with 'f', so no key of one kind can be taken for the other.
 */
const idKey = (formFieldId: number) => `f${formFieldId}`;

interface Udf { table: string; formFieldId: number; storedName: string }
type Direction = 'toId' | 'toName';

/** Every UDF with the table its values live in (a built form's record table, or a reserved form's, the users'). */
async function udfs(knex: Knex): Promise<Udf[]> {
  const { rows } = await knex.raw(`
    select coalesce(f.table_name, 'form_records_' || f.form_id) as "table", ff.form_field_id as "formFieldId", ff.stored_name as "storedName"
      from form_fields ff join forms f on f.form_id = ff.form_id
     where ff.is_udf and (f.source is null or f.table_name is not null)
       and to_regclass(quote_ident(coalesce(f.table_name, 'form_records_' || f.form_id))) is not null
     order by 1, 2`);
  return rows as Udf[];
}

/** As server/modules/forms/tables/columns.ts names an index (long names shortened with a hash). */
function indexName(...parts: string[]): string {
  const name = parts.join('_');
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();

/** Which of a UDF's indexes a definition is (server/modules/forms/tables/indexes.ts udfIndexNames). */
function indexKind(definition: string): string {
  if (/ USING gin /i.test(definition)) return 'trgm';
  if (definition.includes("'number'::text")) return 'num';
  if (definition.includes("'boolean'::text")) return 'bool';
  return 'text';
}

async function moveKeys(knex: Knex, direction: Direction): Promise<void> {
  const byTable = new Map<string, Array<{ from: string; to: string }>>();
  for (const u of await udfs(knex)) {
    const [from, to] = direction === 'toId' ? [u.storedName, idKey(u.formFieldId)] : [idKey(u.formFieldId), u.storedName];
    byTable.set(u.table, [...(byTable.get(u.table) ?? []), { from, to }]);
  }
  for (const [table, moves] of byTable) {
    const from = moves.map((m) => m.from);
    const to = moves.map((m) => m.to);
    // One pass over the table: each record's keys renamed at once, any other key (a value kept of a field since
    // deleted) left as it is; records holding none of the keys are not touched.
    await knex.raw(`
      update ?? set udf = (
        select jsonb_object_agg(coalesce(m.key_to, e.key), e.value)
          from jsonb_each(udf) e left join unnest(?::text[], ?::text[]) as m(key_from, key_to) on m.key_from = e.key)
       where jsonb_exists_any(udf, ?::text[])`, [table, from, to, from]);
    const { rows } = await knex.raw(`select indexname as "name", indexdef as "definition" from pg_indexes where schemaname = current_schema() and tablename = ?`, [table]);
    for (const index of rows as Array<{ name: string; definition: string }>) {
      const move = moves.find((m) => index.definition.includes(`udf -> '${m.from}'::text`) || index.definition.includes(`udf ->> '${m.from}'::text`));
      if (!move) continue;
      // The same expression (which the list's statements must match) over the other key, under that key's name.
      const definition = index.definition
        .split(`'${move.from}'::text`).join(`'${move.to}'::text`)
        .replace(/^CREATE INDEX \S+ ON /, `CREATE INDEX "${indexName(table, 'udf', snake(move.to), indexKind(index.definition))}" ON `);
      await knex.raw('drop index ??', [index.name]);
      await knex.raw(definition);
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  await moveKeys(knex, 'toId');
}

export async function down(knex: Knex): Promise<void> {
  await moveKeys(knex, 'toName');
}
