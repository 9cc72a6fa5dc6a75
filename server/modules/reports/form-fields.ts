import type { Knex } from 'knex';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { udfKey, udfValueSql } from '../../lib/list/udf-columns.ts';
import { builtForm, type BuiltForm } from '../forms/built-forms.ts';
import type { ColumnType } from './definition.ts';

/**
 * What a report built on a form (issue 31's builder) can show and filter by: the form's fields in force today whose
 * values read as one value (text, numbers, a date, yes/no, a select's item names), and the record's own Created Date,
 * Created By and a count of records. Each is known by its field's stored name, the name the field mask uses.
 */
export type FieldKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'selectOne' | 'selectMany' | 'count';

export interface ReportableField {
  Field: string;
  Title: string;
  Kind: FieldKind;
  /** The value as SQL over the record alias r: the stored value (a select's item ids). */
  value: string;
  /** A select's lookup list. */
  listId?: number;
}

const kinds: Record<string, FieldKind> = {
  text: 'text', textArea: 'text', integer: 'number', decimal: 'number', currency: 'number', percentage: 'number',
  date: 'date', yesNo: 'boolean', selectOne: 'selectOne', selectMany: 'selectMany',
};

export const columnTypeOf = (kind: FieldKind): ColumnType =>
  kind === 'number' || kind === 'count' ? 'number' : kind === 'date' ? 'date' : kind === 'datetime' ? 'datetime' : kind === 'boolean' ? 'boolean' : 'string';

/** The record's own columns every form has, beside its fields. */
export const recordFields: ReportableField[] = [
  { Field: 'CreatedDate', Title: 'Created Date', Kind: 'datetime', value: 'r.created_date' },
  { Field: 'CreatedBy', Title: 'Created By', Kind: 'text', value: 'r.created_by' },
  { Field: 'RecordCount', Title: 'Records', Kind: 'count', value: '1' },
];

/** The form's reportable fields by stored name, or null when it is no active built form. */
export async function reportableFields(db: Knex, formId: number): Promise<{ built: BuiltForm; fields: Map<string, ReportableField> } | null> {
  const built = await builtForm(db, formId);
  if (!built) return null;
  const rows: Array<{ StoredName: string; ReportLabelText: string | null; Name: string; FieldType: string; IsUdf: boolean; FormFieldId: number; AttributeValues: Record<string, unknown> | null }> =
    await db('form_fields').where({ FormId: formId, IsActive: true }).orderBy([{ column: 'IsUdf' }, { column: 'SortOrder' }, { column: 'FormFieldId' }])
      .select('StoredName', 'ReportLabelText', 'Name', 'FieldType', 'IsUdf', 'FormFieldId', 'AttributeValues');
  const fields = new Map<string, ReportableField>();
  for (const row of rows) {
    const kind = kinds[row.FieldType];
    // A UDF outside its dates is not on the form today: nor in its reports.
    if (!kind || !built.entity.properties?.[row.StoredName]) continue;
    const key = udfKey(row.FormFieldId);
    const value = row.IsUdf
      ? kind === 'selectMany' ? `(r.udf -> '${key}')` : kind === 'selectOne' ? `((r.udf ->> '${key}')::int)` : kind === 'date' ? `((r.udf ->> '${key}')::date)` : qualified(udfValueSql(key, kind === 'number' ? 'numeric' : kind === 'boolean' ? 'boolean' : 'text'))
      : `r."${toSnakeCase(row.StoredName)}"`;
    const listId = Number(row.AttributeValues?.lookupListId);
    fields.set(row.StoredName, { Field: row.StoredName, Title: row.ReportLabelText || row.Name, Kind: kind, value, ...(Number.isInteger(listId) && listId > 0 ? { listId } : {}) });
  }
  for (const field of recordFields) fields.set(field.Field, field);
  return { built, fields };
}

/** udfValueSql's expression over the record alias r. */
const qualified = (sql: string) => sql.replace(/\budf\b/g, 'r.udf');

/** What a column shows: a select's item names (several joined in their list's order), anything else its value. */
export function shownValue(field: ReportableField): string {
  if (field.Kind === 'selectOne') return `(select i.name from simple_lookup_items i where i.simple_lookup_item_id = ${field.value})`;
  if (field.Kind === 'selectMany') {
    return `(select string_agg(i.name, ', ' order by i.sort_order, i.name) from simple_lookup_items i
      where i.simple_lookup_item_id in (select jsonb_array_elements_text(${field.value})::int))`;
  }
  return field.value;
}
