import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';

interface Change { Field: string; Old: unknown; New: unknown }
interface Entry { Changes: Change[] }

const isSelect = (entity: JsonSchema, field: string) => {
  const type = (entity.properties?.[field] as Record<string, unknown> | undefined)?.['x-fieldType'];
  return type === 'selectOne' || type === 'selectMany';
};

const idsIn = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

/**
 * A record's history with each select's ids given as its items' names, as the form showed them ('High', not 7;
 * several joined with ', '). An item no longer stored keeps its id, marked, so the entry still says what changed.
 */
export async function withSelectNames<T extends Entry>(db: Knex, entity: JsonSchema, entries: T[]): Promise<T[]> {
  const ids = new Set<number>();
  for (const entry of entries) {
    for (const c of entry.Changes) if (isSelect(entity, c.Field)) for (const id of [...idsIn(c.Old), ...idsIn(c.New)]) ids.add(id);
  }
  if (!ids.size) return entries;
  const rows: Array<{ Id: number; Name: string }> = await db('simple_lookup_items').whereIn('SimpleLookupItemId', [...ids]).select({ Id: 'SimpleLookupItemId', Name: 'Name' });
  const names = new Map(rows.map((r) => [r.Id, r.Name]));
  const named = (value: unknown) => {
    if (value === null || value === undefined) return value;
    const text = idsIn(value).map((id) => names.get(id) ?? `(removed item ${id})`);
    return Array.isArray(value) ? text : text[0] ?? value;
  };
  return entries.map((entry) => ({
    ...entry,
    Changes: entry.Changes.map((c) => (isSelect(entity, c.Field) ? { ...c, Old: named(c.Old), New: named(c.New) } : c)),
  }));
}
