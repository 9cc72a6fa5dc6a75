import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { FormDefinition, JsonSchema } from '../../../engine/core/forms/index.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import { bodyValidator } from '../../lib/crud/body-validator.ts';
import { sanitizeRichTextValues } from '../../lib/rich-text.ts';
import { udfKeyOf } from '../../lib/list/udf-columns.ts';
import { builtForm } from '../forms/built-forms.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import { storedJsonValues } from '../forms/record-values.ts';
import { cellConverters, importableTypes } from './convert.ts';
import type { FileRow } from './read-rows.ts';
import { insertRows } from './insert-rows.ts';

type Row = Record<string, unknown>;

/** One row checked: its values as stored (when good), or its errors with the create screen's messages. */
export interface CheckedRow { values?: Row; errors: ErrorItem[] }

/** Checks one file row; a target that asks the database per row (a user name taken) answers a promise. */
export type RowCheck = (row: FileRow) => CheckedRow | Promise<CheckedRow>;

/** Who an import's records are written as (the one who asked for it). */
export interface ImportOwner { UserId: number | null; UserName: string }

/**
 * Where an import writes: a built form's records (formTarget) or the users (users-target.ts). The runner, the routes
 * and undo know only this: how a row is checked, how a batch of checked rows is written, and how undo tells whether
 * a written record changed since.
 */
export interface ImportTarget {
  /** The records' screen id ('form-12', 'users'): the job's target and the audit's entity of its records. */
  id: string;
  label: string;
  /** The fields a column can fill: the create form's writable fields of a type a cell can hold. */
  fields: Array<{ Field: string; Title: string }>;
  /** Other labels a column may carry for a field ('Email' for Email Address), by their key (lower case, letters and digits). */
  aliases?: Record<string, string>;
  /** Fields that need a module beside the screen's (the form's fieldModules: a user's Role needs module Role). */
  fieldModules?: Record<string, string>;
  /** The check of a row as the create call checks a record, built once per run. */
  checker(db: Knex, mapping: ColumnMapping[]): Promise<RowCheck>;
  /** Writes a batch of checked rows in the caller's transaction: the new records' ids, in the rows' order. */
  write(trx: Knex, rows: Row[], owner: ImportOwner): Promise<number[]>;
  /** After the records' transaction committed (a user's activation e-mail). */
  afterCommit?(app: FastifyInstance, ids: number[]): void;
  /** Undo's view of the records: their table and id column, and the SQL (over alias t) of a record changed since. */
  undo: { table: string; idColumn: string; changedSince: string; noun: string };
}

/** A built form's records as an import's target. */
export interface FormImportTarget extends ImportTarget {
  formId: number;
  table: string;
  entity: JsonSchema;
  form: FormDefinition;
}

/** A file's column (0-based) and the field it fills. */
export interface ColumnMapping { Column: number; Field: string }

/** The fields a user may not write (the field mask when the import was asked for): refused in the mapping. */
export interface ImportMask { denied: string[]; readOnly: string[] }

/** A built form as an import's target, or null when there is no such active form. */
export async function formTarget(db: Knex, formId: number): Promise<FormImportTarget | null> {
  const built = await builtForm(db, formId);
  const form = built?.screen.form;
  if (!built || !form) return null;
  const createFields = form.fields.create ?? form.fields.update;
  const fields = createFields.flatMap((field) => {
    const property = built.entity.properties?.[field] as Row | undefined;
    if (!property || property.readOnly || !importableTypes.has(property['x-fieldType'] as string)) return [];
    return [{ Field: field, Title: String(property.title ?? field) }];
  });
  const table = recordTableName(formId);
  const target: FormImportTarget = {
    id: built.screen.id, formId, label: built.form.Name.trim(), table, entity: built.entity, form, fields,
    checker: (trx, mapping) => rowChecker(trx, target, mapping),
    write: (trx, rows, owner) => insertRows(trx, target, rows.map((values) => storedRow(target, values, owner))),
    // A record written by the import is at version 1 until something updates it.
    undo: { table, idColumn: 'record_id', changedSince: 't.row_version <> 1', noun: 'records' },
  };
  return target;
}

/** Columns matched to fields by label (case and spaces aside): what the mapping screen offers first. */
export function suggestedMapping(target: ImportTarget, columns: string[]): ColumnMapping[] {
  const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const byKey = new Map(target.fields.flatMap((f) => [[key(f.Title), f.Field], [key(f.Field), f.Field]] as Array<[string, string]>));
  for (const [alias, field] of Object.entries(target.aliases ?? {})) if (!byKey.has(alias) && target.fields.some((f) => f.Field === field)) byKey.set(alias, field);
  const taken = new Set<string>();
  return columns.flatMap((label, Column) => {
    const Field = byKey.get(key(label));
    if (!Field || taken.has(Field)) return [];
    taken.add(Field);
    return [{ Column, Field }];
  });
}

/** What is wrong with a mapping before any row is read: unknown fields, a field twice, fields the user may not write. */
export function mappingErrors(target: ImportTarget, columns: string[], mapping: ColumnMapping[], mask: ImportMask): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const known = new Set(target.fields.map((f) => f.Field));
  const seen = new Set<string>();
  const refusedFields = new Set([...mask.denied, ...mask.readOnly]);
  for (const { Column, Field } of mapping) {
    if (refusedFields.has(Field)) errors.push({ PropertyName: Field, ErrorMessage: "You don't have permission to change this field.", ErrorCode: 'FieldAccess' });
    else if (!known.has(Field)) errors.push({ PropertyName: Field, ErrorMessage: `${Field} is not a field this file can fill.`, ErrorCode: 'UnknownField' });
    else if (seen.has(Field)) errors.push({ PropertyName: Field, ErrorMessage: `Only one column can fill ${target.fields.find((f) => f.Field === Field)!.Title}.`, ErrorCode: 'MappedTwice' });
    if (!Number.isInteger(Column) || Column < 0 || Column >= columns.length) errors.push({ PropertyName: 'Mapping', ErrorMessage: 'The file has no such column.', ErrorCode: 'UnknownColumn' });
    seen.add(Field);
  }
  if (!mapping.length) errors.push({ PropertyName: 'Mapping', ErrorMessage: 'Match at least one column to a field.', ErrorCode: 'NoMapping' });
  return errors;
}

/**
 * Checks file rows as the create screen checks a record: the cells converted by field type, then the form's composed
 * schema, rules and widget rules (body-validator.ts), with the same messages; rich text cleaned as on every write.
 */
export async function rowChecker(db: Knex, target: FormImportTarget, mapping: ColumnMapping[]): Promise<(row: FileRow) => CheckedRow> {
  const check = bodyValidator(target.entity, target.form, 'create');
  const converters = await cellConverters(db, target.entity, (target.form.uiSchema ?? {}) as Row, mapping.map((m) => m.Field));
  return (row) => {
    const body: Row = {};
    const errors: ErrorItem[] = [];
    for (const { Column, Field } of mapping) {
      const converted = converters.get(Field)!(row.cells[Column] ?? '');
      if (converted.error) errors.push(converted.error);
      else if (converted.value !== undefined) body[Field] = converted.value;
    }
    const checked = check(body);
    const all = [...errors, ...checked.errors.filter((e) => !errors.some((x) => x.PropertyName === e.PropertyName))];
    if (all.length) return { errors: all };
    return { values: sanitizeRichTextValues(target.entity, checked.values), errors: [] };
  };
}

/** Values as stored: UDF values in the Udf column by field id (JSON text; null when the values hold none), JSON values as text. */
export function splitUdfValues(entity: JsonSchema, values: Row): { columns: Row; udf: string | null } {
  const columns: Row = {};
  const udf: Row = {};
  const stored = storedJsonValues(entity, values);
  for (const [field, value] of Object.entries(stored)) {
    const property = entity.properties?.[field] as Row | undefined;
    if (property?.[UDF_KEYWORD]) udf[udfKeyOf(property)] = value ?? null;
    else columns[field] = value;
  }
  return { columns, udf: Object.keys(udf).length ? JSON.stringify(udf) : null };
}

/** A checked record as its table's row: its values as stored, stamped like a create. */
export function storedRow(target: FormImportTarget, values: Row, owner: ImportOwner): Row {
  const { columns, udf } = splitUdfValues(target.entity, values);
  return { ...columns, ...(udf ? { Udf: udf } : {}), CreatedById: owner.UserId, CreatedBy: owner.UserName };
}
