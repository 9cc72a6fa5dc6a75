import type { Knex } from 'knex';
import { udfKey } from '../../lib/list/udf-columns.ts';

interface SelectField { FormName: string; FormId: number; TableName: string | null; FormFieldId: number; StoredName: string; FieldType: string; IsUdf: boolean }
export interface ItemUse { FormName: string; Records: number }

/**
 * How many records of each form hold this item in a select on its list: a select-one's column (or UDF key) equal to
 * it, a select-many's array containing it. A form without a table (a reserved form whose entity takes no UDFs) holds none.
 */
export async function recordsUsingItem(trx: Knex, tableId: number, itemId: number): Promise<ItemUse[]> {
  const fields: SelectField[] = await trx('form_fields as ff')
    .join('forms as f', 'f.FormId', 'ff.FormId')
    .whereRaw("??->>'lookupListId' = ?", ['ff.AttributeValues', String(tableId)])
    .whereIn('ff.FieldType', ['selectOne', 'selectMany'])
    .select({ FormName: 'f.Name', FormId: 'f.FormId', TableName: 'f.TableName', FormFieldId: 'ff.FormFieldId', StoredName: 'ff.StoredName', FieldType: 'ff.FieldType', IsUdf: 'ff.IsUdf' });
  const byTable = new Map<string, { FormName: string; fields: SelectField[] }>();
  for (const field of fields) {
    if (!field.TableName) continue;
    const entry = byTable.get(field.TableName) ?? { FormName: field.FormName, fields: [] };
    entry.fields.push(field);
    byTable.set(field.TableName, entry);
  }
  const counts = new Map<string, number>();
  for (const [table, { FormName, fields: held }] of byTable) {
    // A record holding the item in two fields counts once.
    const row = await trx(table).where((any) => {
      for (const field of held) {
        const value = field.IsUdf ? trx.raw('udf -> ?', [udfKey(field.FormFieldId)]) : trx.raw(field.FieldType === 'selectMany' ? '??' : 'to_jsonb(??)', [field.StoredName]);
        any.orWhereRaw('? @> to_jsonb(?::int)', [value, itemId]);
      }
    }).count({ Count: '*' }).first() as { Count: string | number };
    if (Number(row.Count)) counts.set(FormName, Number(row.Count));
  }
  return [...counts].map(([FormName, Records]) => ({ FormName, Records }));
}

/** 'The item High is chosen in 3 records of the form Incident Report; deactivate it instead.' */
export function itemInUseMessage(itemName: string, uses: ItemUse[]): string {
  const phrases = uses.map((u) => `${u.Records} record${u.Records === 1 ? '' : 's'} of the form ${u.FormName}`);
  const joined = phrases.length < 2 ? phrases.join('') : `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`;
  return `The item ${itemName} is chosen in ${joined}; deactivate it instead, so those records keep their choice.`;
}
