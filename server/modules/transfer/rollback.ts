import type { Knex } from 'knex';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import { applyTypeChange, renameColumn, TypeChangeRefused, type SqlType } from '../forms/tables/index.ts';
import { capture, differences, restoreRows, type Scope, type Snapshot } from './snapshot.ts';

type Row = Record<string, any>;

const refuse = (message: string) => HttpError.of(409, message, null, 'RollbackRefused');

/**
 * Restores the definitions an import changed to what they were before it, in the caller's transaction, or refuses
 * when that cannot be exact: a later import not rolled back, any row the import wrote changed since, a form it
 * created holding records, a column it added holding values, a type it changed whose values no longer convert back.
 */
export async function rollbackImport(trx: Knex.Transaction, row: { ImportId: number; Scope: Scope; Before: Snapshot; After: Snapshot }): Promise<void> {
  const later = await trx('transfer_imports').where('ImportId', '>', row.ImportId).whereNull('RolledBackAt').orderBy('ImportId').first('ImportId');
  if (later) throw refuse(`Import ${later.ImportId} came after this one: roll it back first.`);
  const changed = differences(row.After, await capture(trx, row.Scope));
  if (changed.length) {
    throw refuse(`The definitions this import wrote have changed since (${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', ...' : ''}): rolling back would lose those changes. Nothing was changed.`);
  }
  const { Before: before, After: after } = row;
  for (const [key, form] of Object.entries(after.forms) as Array<[string, Row]>) {
    const table = recordTableName(form.form_id);
    if (!(key in before.forms)) {
      const { rows: [{ Count: count }] } = await trx.raw('select count(*)::int as count from ??', [table]);
      if (count) throw refuse(`The form ${form.name}, which this import created, has ${count} record${count === 1 ? '' : 's'}: delete them first.`);
      await trx.schema.dropTableIfExists(table);
      continue;
    }
    // A form that existed: the columns its new fields added go, the types its changed fields got go back.
    for (const field of Object.values(after.form_fields) as Row[]) {
      if (field.form_id !== form.form_id) continue;
      const old = before.form_fields[String(field.form_field_id)] as Row | undefined;
      if (field.is_udf) {
        // A UDF the import renamed: its values go back under the old name, as saveField moved them.
        if (old && old.stored_name !== field.stored_name) {
          await trx.raw('update ?? set udf = (udf - ?::text) || jsonb_build_object(?::text, udf -> ?) where udf \\? ?', [table, field.stored_name, old.stored_name, field.stored_name, field.stored_name]);
        }
        continue;
      }
      let column = toSnakeCase(field.stored_name);
      if (old && old.stored_name !== field.stored_name) {
        // A field the import renamed (by its key): its column, with the records' values, takes the old name again.
        await renameColumn(trx, table, column, toSnakeCase(old.stored_name));
        column = toSnakeCase(old.stored_name);
      }
      if (!old) {
        const { rows: [{ Count: count }] } = await trx.raw('select count(*)::int as count from ?? where ?? is not null', [table, column]);
        if (count) throw refuse(`${count} record${count === 1 ? '' : 's'} of the form ${form.name} hold a value for ${field.name}, which this import added: clear them first.`);
        await trx.raw('alter table ?? drop column ??', [table, column]);
      } else if (old.field_type !== field.field_type && fieldTypeOf(old.field_type)!.columnType !== fieldTypeOf(field.field_type)!.columnType) {
        try {
          await applyTypeChange(trx, table, column, fieldTypeOf(old.field_type)!.columnType as SqlType);
        } catch (error) {
          if (error instanceof TypeChangeRefused) throw refuse(`Values of ${field.name} in the form ${form.name} no longer convert back to ${old.field_type}.`);
          throw error;
        }
      }
    }
  }
  await restoreRows(trx, before, after);
}
