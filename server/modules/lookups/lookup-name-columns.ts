import type { Knex } from 'knex';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import { udfKeyOf } from '../../lib/list/udf-columns.ts';
import type { ListOptions } from '../../lib/list/prepare.ts';

type Property = Record<string, unknown>;

/**
 * The list's select columns by their items' names, as list options: read ('High', not 7; several choices joined in
 * the list's order), sorted and searched by them. `rows` is the alias the list's rows are read under; a UDF's ids
 * are read out of the record's Udf JSONB (under its field's id). Every item is named by its id alone (ids are unique
 * across the lists), so a search asks which items' names match and then which rows hold one of them.
 */
export function lookupNameColumns(db: Knex, list: ListDefinition, entity: JsonSchema, rows: string): Pick<ListOptions, 'selectAs' | 'orderAs' | 'searchAs'> {
  const selectAs: Record<string, Knex.Raw> = {};
  const orderAs: Record<string, Knex.Raw> = {};
  const searchAs: NonNullable<ListOptions['searchAs']> = {};
  for (const { field } of list.columns) {
    const property = entity.properties?.[field] as Property | undefined;
    const type = property?.['x-fieldType'];
    if (type !== 'selectOne' && type !== 'selectMany') continue;
    const key = property?.[UDF_KEYWORD] ? udfKeyOf(property) : null;
    let names: Knex.Raw;
    if (type === 'selectOne') {
      const id = key ? db.raw('(??.udf ->> ?)::int', [rows, key]) : db.raw('??', [`${rows}.${field}`]);
      names = db.raw('(select i.name from simple_lookup_items i where i.simple_lookup_item_id = ?)', [id]);
      searchAs[field] = (pattern) => db.raw('? in (select i.simple_lookup_item_id from simple_lookup_items i where i.name ilike ?)', [id, pattern]);
    } else {
      const ids = key ? db.raw('??.udf -> ?', [rows, key]) : db.raw('??', [`${rows}.${field}`]);
      names = db.raw(
        "(select string_agg(i.name, ', ' order by i.sort_order, i.name) from simple_lookup_items i where i.simple_lookup_item_id in (select jsonb_array_elements_text(?)::int))",
        [ids],
      );
      searchAs[field] = (pattern) => db.raw(
        'exists (select 1 from simple_lookup_items i where i.name ilike ? and ? @> to_jsonb(i.simple_lookup_item_id))', [pattern, ids],
      );
    }
    selectAs[field] = db.raw('? as ??', [names, field]);
    orderAs[field] = names;
  }
  return { selectAs, orderAs, searchAs };
}
