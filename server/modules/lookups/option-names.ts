import type { Knex } from 'knex';
import { lookups } from './lookups.ts';

/**
 * The names of a lookup's options by Id, for the Ids asked (retired options too: a value chosen before keeps its
 * name). An Id missing from the answer names no option.
 */
export async function optionNames(db: Knex, lookupName: string, ids: number[]): Promise<Map<number, string>> {
  const lookup = lookups.find((l) => l.name === lookupName);
  if (!lookup) throw new Error(`no lookup ${lookupName}`);
  if (!ids.length) return new Map();
  const rows: Array<{ Id: number; Name: string }> = await db(lookup.table).whereIn(lookup.idColumn, [...new Set(ids)]).select({ Id: lookup.idColumn, Name: 'Name' });
  return new Map(rows.map((r) => [r.Id, r.Name]));
}
