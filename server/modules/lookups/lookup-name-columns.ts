import type { Knex } from 'knex';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import { udfKeyOf } from '../../lib/list/udf-columns.ts';

type Property = Record<string, unknown>;

/**
 * The list's select columns read as their items' names (a list shows 'High', not 7; several choices joined in the
 * list's order), for the list selectAs option. `rows` is the alias the list's rows are read under; a UDF's ids are
 * read out of the record's Udf JSONB (under its field's id). Every item is named by its id alone (ids are unique across the lists).
 */
export function lookupNameColumns(db: Knex, list: ListDefinition, entity: JsonSchema, rows: string): Record<string, Knex.Raw> {
  const out: Record<string, Knex.Raw> = {};
  for (const { field } of list.columns) {
    const property = entity.properties?.[field] as Property | undefined;
    const type = property?.['x-fieldType'];
    if (type !== 'selectOne' && type !== 'selectMany') continue;
    const key = property?.[UDF_KEYWORD] ? udfKeyOf(property) : null;
    if (type === 'selectOne') {
      const id = key ? db.raw('(??.udf ->> ?)::int', [rows, key]) : db.raw('??', [`${rows}.${field}`]);
      out[field] = db.raw('(select i.name from simple_lookup_items i where i.simple_lookup_item_id = ?) as ??', [id, field]);
    } else {
      const ids = key ? db.raw('??.udf -> ?', [rows, key]) : db.raw('??', [`${rows}.${field}`]);
      out[field] = db.raw(
        "(select string_agg(i.name, ', ' order by i.sort_order, i.name) from simple_lookup_items i where i.simple_lookup_item_id in (select jsonb_array_elements_text(?)::int)) as ??",
        [ids, field],
      );
    }
  }
  return out;
}
