import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { controlTypes, currentUserParam, type OptionItem } from './definition.ts';
import { scanSql } from './sql-text.ts';
import type { ParameterRow } from './store.ts';

/** Options a select offers at most per call: its search narrows the rest. */
export const optionLimit = 500;

const withAll = (p: ParameterRow, items: OptionItem[]): OptionItem[] =>
  (p.IsAllAllowed ? [{ Key: 'All', Value: p.AllOptionValue ?? '' }, ...items] : items);

/**
 * A select's options (Key the label, Value the id as text), narrowed by a search on the label; a child's filtered by its
 * parent's value(s), bound as the parent is in a run (a select-many's as an array). All first when the select allows it.
 */
export async function optionsOf(trx: Knex, p: ParameterRow, search: string, userId: number, parent?: { param: string; value: string | string[] }): Promise<OptionItem[]> {
  if (p.ControlType !== controlTypes.selectOne && p.ControlType !== controlTypes.selectMany) {
    throw HttpError.of(400, `${p.Title} is not a select: it has no options.`, 'parameterId', 'NotASelect');
  }
  const needle = search.trim().toLowerCase();
  if (p.Options?.Items) {
    return withAll(p, p.Options.Items.filter((i) => !needle || i.Key.toLowerCase().includes(needle)).slice(0, optionLimit));
  }
  const query = scanSql(p.Options?.Query ?? 'select null as key, null as value where false').knexSql;
  const bindings: Record<string, unknown> = { [currentUserParam]: userId, search_text_: needle, ...(parent ? { [parent.param]: parent.value } : {}) };
  const { rows } = (await trx.raw(`select key::text as key, value::text as value from (${query}) as options
    where :search_text_ = '' or strpos(lower(key::text), :search_text_) > 0 limit ${optionLimit}`, bindings as Knex.ValueDict)) as { rows: OptionItem[] };
  return withAll(p, rows);
}
