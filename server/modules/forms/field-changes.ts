import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { definitionFaults, fieldIdentifier } from '../../../engine/core/lowcode/compose-form.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import type { FormFieldInput, FormFieldRecord, TypeChangePreview } from '../../../engine/core/lowcode/api.ts';
import { typeChangeRefusedCode } from '../../../engine/core/lowcode/api.ts';
import type { StoredField } from '../../../engine/core/lowcode/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { asStoredFields, readFields, type FormRow } from './definition-store.ts';
import { recordTableName } from './definition-sync.ts';
import { addColumn, applyTypeChange, columnSearchIndexName, columnType, dropUdfIndexes, planTypeChange, renameColumn, TypeChangeRefused, type SqlType } from './tables/index.ts';
import { quote } from './tables/columns.ts';
import { udfKey } from '../../lib/list/udf-columns.ts';

type Trx = Knex.Transaction;

export const reservedFieldMessage = 'This field is part of the product: it cannot be changed or deleted. Add a user-defined field beside it instead.';

/** Where a form's values live: its own record table, or (a reserved form's UDFs) the built-in entity's table. */
export const tableOf = (form: FormRow) => form.TableName ?? recordTableName(form.FormId);

/** The field's faults in the whole form's definition (two fields with one name needs the others), as PropertyNames of the field. */
function fieldFaults(form: FormRow, others: FormFieldRecord[], field: StoredField): ErrorItem[] {
  const fields = [...asStoredFields(others), field];
  const index = fields.length - 1;
  const prefix = `Fields.${index}.`;
  return definitionFaults(form, fields)
    .filter((f) => f.PropertyName?.startsWith(prefix))
    .map((f) => ({ ...f, PropertyName: f.PropertyName!.slice(prefix.length) }));
}

export const sqlTypeOf = (fieldType: string): SqlType => fieldTypeOf(fieldType)!.columnType as SqlType;

/** Whether any record holds a value for the field (a column, or a key of the records' UDF JSONB). */
async function valueCount(trx: Knex, form: FormRow, field: FormFieldRecord): Promise<number> {
  if (form.Source && !form.TableName) return 0;
  const table = tableOf(form);
  const where = field.IsUdf ? "udf -> ? is not null and udf -> ? <> 'null'::jsonb" : '?? is not null';
  const bindings = field.IsUdf ? [udfKey(field.FormFieldId), udfKey(field.FormFieldId)] : [field.StoredName];
  const result = await trx.raw(`select count(*)::int as "Count" from ?? where ${where}`, [table, ...bindings]);
  return (result.rows[0] as { Count: number }).Count;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A field's save checked against the form's definition (400 with its faults): its row, and the field as the definition composes it. */
export async function checkedField(trx: Trx, form: FormRow, input: FormFieldInput, existing?: FormFieldRecord) {
  if (existing?.IsReserved) throw HttpError.of(403, reservedFieldMessage, 'FieldType', 'reservedField');
  const all = await readFields(trx, form.FormId);
  const others = all.filter((f) => f.FormFieldId !== existing?.FormFieldId);
  const candidate: StoredField = {
    FormFieldId: existing?.FormFieldId ?? 0,
    Name: input.Name,
    ReportLabelText: input.ReportLabelText,
    FieldType: input.FieldType,
    IsUdf: input.IsUdf,
    IsActive: input.IsActive,
    StartDate: input.IsUdf ? input.StartDate : null,
    EndDate: input.IsUdf ? input.EndDate : null,
    SortOrder: input.SortOrder ?? 0,
    AttributeValues: input.AttributeValues ?? {},
  };
  const faults = fieldFaults(form, others, candidate);
  if (existing && existing.IsUdf !== input.IsUdf) {
    faults.push({ PropertyName: 'IsUdf', ErrorMessage: 'A field cannot become a user-defined field or stop being one: add a new field instead.', ErrorCode: 'udfFixed' });
  }
  if (faults.length) throw new HttpError(400, faults);
  const storedName = fieldIdentifier(input.Name)!;
  const sortOrder = input.SortOrder ?? (existing?.SortOrder ?? Math.max(0, ...others.filter((f) => f.IsUdf === input.IsUdf).map((f) => f.SortOrder)) + 1);
  const row = {
    FormId: form.FormId, Name: input.Name.trim(), StoredName: storedName, ReportLabelText: input.ReportLabelText?.trim() || null,
    FieldType: input.FieldType, IsUdf: input.IsUdf, IsActive: input.IsActive,
    StartDate: candidate.StartDate?.slice(0, 10) ?? null, EndDate: candidate.EndDate?.slice(0, 10) ?? null,
    SortOrder: sortOrder, AttributeValues: JSON.stringify(candidate.AttributeValues),
  };
  return { row, candidate: { ...candidate, Name: input.Name }, storedName };
}

/**
 * Saves a field or UDF of a form (create when `existing` is absent) with what it means for the record table, in
 * the caller's transaction: a new ordinary field adds a nullable column (never a rewrite); a rename renames the
 * column, so values stay; a type change converts every value or is refused with the count and the first values that
 * would not convert. A UDF's values are keys of the records' Udf JSONB, made from its id: no DDL, and a rename
 * changes its form_fields row alone (no record is rewritten, no index dropped or built). A type change over many
 * records is made online instead (type-change-jobs.ts), which calls this at its swap, the column then converted.
 */
export async function saveField(trx: Trx, form: FormRow, input: FormFieldInput, by: string, existing?: FormFieldRecord): Promise<number> {
  const { row, candidate, storedName } = await checkedField(trx, form, input, existing);
  if (!form.Source || (input.IsUdf && form.TableName)) await changeStorage(trx, form, existing, candidate, storedName);
  if (existing) {
    await trx('form_fields').where({ FormFieldId: existing.FormFieldId }).update({ ...row, ModifiedBy: by, ModifiedDate: trx.fn.now() });
    return existing.FormFieldId;
  }
  const [{ FormFieldId }] = await trx('form_fields').insert({ ...row, CreatedBy: by }).returning('FormFieldId');
  return FormFieldId as number;
}

/** The record table's side of a field's save. */
async function changeStorage(trx: Trx, form: FormRow, existing: FormFieldRecord | undefined, field: StoredField, storedName: string): Promise<void> {
  const type = fieldTypeOf(field.FieldType)!;
  if (field.IsUdf) {
    if (!existing) return;
    if (existing.FieldType !== field.FieldType && sqlTypeOf(existing.FieldType) !== type.columnType) {
      const held = await valueCount(trx, form, existing);
      if (held) throw HttpError.of(409, `${plural(held, 'record')} hold a value for ${existing.Name}: a user-defined field's type can change only while none does. Add a new user-defined field instead.`, 'FieldType', typeChangeRefusedCode);
    }
    return;
  }
  const table = tableOf(form);
  const column = toSnakeCase(storedName);
  if (!existing) {
    // A nullable column without a default: no rewrite. Its indexes are built after the commit (record-indexes.ts).
    await addColumn(trx, table, { name: column, sqlType: type.columnType as SqlType });
    return;
  }
  const oldColumn = toSnakeCase(existing.StoredName);
  if (oldColumn !== column) await renameColumn(trx, table, oldColumn, column);
  if (await columnType(trx, table, column) !== type.columnType) {
    // A trigram index exists only over text: the new type's indexes are built after the commit.
    await trx.raw(`drop index if exists ${quote(columnSearchIndexName(table, column))}`);
    try {
      await applyTypeChange(trx, table, column, type.columnType as SqlType);
    } catch (error) {
      if (error instanceof TypeChangeRefused) throw typeChangeRefusal(existing.Name, field.FieldType, error.plan.failingCount, error.plan.convertible, error.plan.failing);
      throw error;
    }
  }
}

export function typeChangeRefusal(name: string, toType: string, failingCount: number, convertible: number, failing: Array<{ recordId: number }>): HttpError {
  const label = fieldTypeOf(toType)?.label ?? toType;
  const ids = failing.slice(0, 10).map((f) => f.recordId).join(', ');
  return HttpError.of(
    409,
    `${name} cannot become ${label}: ${plural(failingCount, 'record')} of ${failingCount + convertible} with a value would not convert (record${failingCount === 1 ? '' : 's'} ${ids}${failingCount > 10 ? ', ...' : ''}). Nothing was changed.`,
    'FieldType',
    typeChangeRefusedCode,
  );
}

/** The dry run of saving the field with another type: changes nothing (the caller rolls back). */
export async function previewTypeChange(trx: Trx, form: FormRow, existing: FormFieldRecord, toType: string): Promise<TypeChangePreview> {
  const type = fieldTypeOf(toType);
  if (!type) throw HttpError.of(400, `'${toType}' is not a field type. Choose a type from the list.`, 'FieldType', 'unknownFieldType');
  const none = { From: existing.FieldType, To: toType, Total: 0, Convertible: 0, FailingCount: 0, Failing: [] };
  if (existing.IsUdf) {
    const held = await valueCount(trx, form, existing);
    return sqlTypeOf(existing.FieldType) === type.columnType ? { ...none, Total: held, Convertible: held } : { ...none, Total: held, FailingCount: held };
  }
  if (form.Source) return none;
  // Types kept in one column type (text and text area) change no value: every one held converts.
  if (sqlTypeOf(existing.FieldType) === type.columnType) {
    const held = await valueCount(trx, form, existing);
    return { ...none, Total: held, Convertible: held };
  }
  const plan = await planTypeChange(trx, recordTableName(form.FormId), toSnakeCase(existing.StoredName), type.columnType as SqlType);
  return {
    ...none,
    Total: plan.convertible + plan.failingCount,
    Convertible: plan.convertible,
    FailingCount: plan.failingCount,
    Failing: plan.failing.map((f) => ({ RecordId: f.recordId, Value: f.value })),
  };
}

/** Removes a field that no record holds a value for; one with values is refused (deactivating it keeps them). */
export async function deleteField(trx: Trx, form: FormRow, field: FormFieldRecord): Promise<void> {
  if (field.IsReserved) throw HttpError.of(403, reservedFieldMessage, null, 'reservedField');
  const held = await valueCount(trx, form, field);
  if (held) {
    throw HttpError.of(409, `${plural(held, 'record')} hold a value for ${field.Name}: deactivate the field instead, which hides it and keeps every value.`, null, 'FieldHasValues');
  }
  if (!form.Source && !field.IsUdf) await trx.raw('alter table ?? drop column ??', [recordTableName(form.FormId), toSnakeCase(field.StoredName)]);
  if (field.IsUdf && (!form.Source || form.TableName)) await dropUdfIndexes(trx, tableOf(form), udfKey(field.FormFieldId));
  await trx('form_fields').where({ FormFieldId: field.FormFieldId }).delete();
}

/** A field's change in a revision's words. */
export function fieldChangeSummary(before: { Name: string; FieldType: string; IsActive: boolean; IsUdf: boolean; StartDate: string | null; EndDate: string | null }, after: FormFieldInput): string {
  const what = before.IsUdf ? 'user-defined field' : 'field';
  const parts: string[] = [];
  if (before.Name !== after.Name.trim()) parts.push(`renamed to ${after.Name.trim()}`);
  if (before.FieldType !== after.FieldType) parts.push(`type ${before.FieldType} to ${after.FieldType}`);
  if (before.IsActive !== after.IsActive) parts.push(after.IsActive ? 'reactivated' : 'deactivated');
  if ((before.StartDate ?? null) !== (after.StartDate?.slice(0, 10) ?? null) || (before.EndDate ?? null) !== (after.EndDate?.slice(0, 10) ?? null)) parts.push('active dates changed');
  return `Changed the ${what} ${before.Name}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
