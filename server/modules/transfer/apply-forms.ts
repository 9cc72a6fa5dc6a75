import type { FormFieldInput } from '../../../engine/core/lowcode/api.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formToChange, readFields, recordListRevisions } from '../forms/definition-store.ts';
import { afterDefinitionChange, recordTableName } from '../forms/definition-sync.ts';
import { saveField } from '../forms/field-changes.ts';
import { checkRouteName } from '../forms/form-routes.ts';
import { createRecordTable } from '../forms/tables/index.ts';
import type { TransferField, TransferForm, TransferLookupList } from './document.ts';
import { adoptKey, choiceKey, findDefinition, importedIds, keyColumn } from './matching.ts';
import { differing, type ApplyContext } from './plan.ts';
import { applyActions } from './form-actions.ts';

type Row = Record<string, any>;

function fieldInput(formId: number, field: TransferField, listIds: Map<string, number>): FormFieldInput {
  const attributes = { ...field.attributeValues, ...(field.lookupList ? { lookupListId: listIds.get(field.lookupList.toLowerCase()) } : {}) };
  return {
    FormId: formId, Name: field.name, ReportLabelText: field.reportLabelText, FieldType: field.fieldType, IsUdf: field.isUdf, IsActive: field.isActive,
    StartDate: field.isUdf ? field.startDate : null, EndDate: field.isUdf ? field.endDate : null, SortOrder: field.sortOrder, AttributeValues: attributes,
  };
}

/**
 * Forms and their fields, each found by its key, else by its name: a new form gets its record table, each new
 * field its column (saveField), a field renamed on the source is renamed here with its column (values kept), and a
 * form that changed gets one revision and its module's nodes (afterDefinitionChange). A form the target made
 * itself is taken over only by the administrator's choice. Answers the forms changed.
 */
export async function applyForms(ctx: ApplyContext, forms: TransferForm[], listIds: Map<string, number>): Promise<number[]> {
  const { app, trx, by, note } = ctx;
  const changedForms: number[] = [];
  const imported = await importedIds(trx, 'forms');
  for (const form of forms) {
    const wanted = { Name: form.name, Description: form.description, CanHaveEav: form.canHaveEav, IsCircleable: form.isCircleable, IsActive: form.isActive };
    const found = await findDefinition(trx, 'forms', form.key, (q) => q.whereRaw('lower(name) = lower(?)', [form.name]));
    const stored = found?.row;
    if (stored?.Source) throw HttpError.of(409, `The form ${form.name} is a built-in part of the product here: a document cannot change it.`, null, 'BuiltInForm');
    let formId: number;
    let touched = false;
    if (!stored) {
      [{ FormId: formId }] = await trx('forms').insert({ ...wanted, ...(await keyColumn(trx, 'forms', form.key)), CreatedBy: by, CreatedById: ctx.principal.UserId }).returning('FormId');
      await checkRouteName(app, trx, form.name, formId);
      await trx('forms').where({ FormId: formId }).update({ TableName: recordTableName(formId) });
      await createRecordTable(trx, recordTableName(formId), []);
      note('Form', form.name, 'create');
      touched = true;
    } else {
      formId = stored.FormId;
      if (!found.byKey && !imported.has(formId)) {
        ctx.conflict({
          Kind: 'Form', Key: choiceKey('Form', form.key, form.name), Name: stored.Name,
          Message: `The target's form '${stored.Name}' has the name of the document's form: importing takes it over (its fields become the document's).`,
        });
      }
      if (!found.byKey) await adoptKey(trx, 'forms', { FormId: formId }, form.key);
      const changes = differing(stored, wanted, { Name: 'Name', Description: 'Description', CanHaveEav: 'Can Have UDFs', IsCircleable: 'Is Circleable', IsActive: 'Is Active' });
      if (changes.length) {
        await trx('forms').where({ FormId: formId }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now() });
        if (stored.Name !== form.name) await checkRouteName(app, trx, form.name, formId);
        touched = true;
      }
      note('Form', form.name, changes.length ? 'change' : 'unchanged', changes);
    }
    if (await applyFields(ctx, formId, form, listIds)) touched = true;
    await applyActions(ctx, formId, form);
    if (touched) {
      await afterDefinitionChange(app, trx, formId, ctx.principal, stored ? 'Changed by an import' : 'Created by an import');
      changedForms.push(formId);
    }
  }
  return changedForms;
}

/** A form's fields and UDFs by key, else by stored name; answers whether any was written. */
async function applyFields(ctx: ApplyContext, formId: number, form: TransferForm, listIds: Map<string, number>): Promise<boolean> {
  const { trx, by, note } = ctx;
  const existing = await readFields(trx, formId);
  const keys = new Map((await trx('form_fields').where({ FormId: formId }).select('FormFieldId', 'Key')).map((r: Row) => [r.Key as string, r.FormFieldId as number]));
  let touched = false;
  for (const field of form.fields) {
    const input = fieldInput(formId, field, listIds);
    const byKey = field.key ? existing.find((f) => f.FormFieldId === keys.get(field.key!)) : undefined;
    const current = byKey ?? existing.find((f) => f.StoredName.toLowerCase() === field.storedName.toLowerCase());
    const key = `${form.name} › ${field.storedName}`;
    if (current) {
      if (!byKey) await adoptKey(trx, 'form_fields', { FormFieldId: current.FormFieldId }, field.key);
      const changes = differing({ ...current, AttributeValues: current.AttributeValues ?? {} }, input, {
        Name: 'Name', ReportLabelText: 'Report Label Text', FieldType: 'Field Type', IsUdf: 'Is UDF', IsActive: 'Is Active', StartDate: 'Start Date', EndDate: 'End Date', SortOrder: 'Sort Order', AttributeValues: 'Attributes',
      });
      if (changes.length) {
        // A rename renames the record table's column (or the UDF's key): the records keep their values.
        await saveField(trx, await formToChange(trx, formId, { lock: true }), input, by, current);
        touched = true;
      }
      note(field.isUdf ? 'UDF' : 'Field', key, changes.length ? 'change' : 'unchanged', changes);
    } else {
      const fieldId = await saveField(trx, await formToChange(trx, formId, { lock: true }), input, by);
      await adoptKey(trx, 'form_fields', { FormFieldId: fieldId }, field.key);
      touched = true;
      note(field.isUdf ? 'UDF' : 'Field', key, 'create');
    }
  }
  return touched;
}

/** A list's form, now that the forms exist; then every other form offering a changed list gets its revision. */
export async function linkListsToForms(ctx: ApplyContext, lists: TransferLookupList[], listIds: Map<string, number>, changedLists: number[], changedForms: number[], plan: Array<{ Kind: string; Key: string; Action: string; Changes: string[] }>): Promise<void> {
  const { trx } = ctx;
  for (const list of lists) {
    const id = listIds.get(list.systemName.toLowerCase())!;
    const formId = list.form ? (await trx('forms').whereRaw('lower(name) = lower(?)', [list.form]).first('FormId'))?.FormId ?? null : null;
    const stored = await trx('simple_lookup_tables').where({ SimpleLookupTableId: id }).first('FormId');
    if ((stored?.FormId ?? null) !== formId) {
      await trx('simple_lookup_tables').where({ SimpleLookupTableId: id }).update({ FormId: formId });
      const entry = plan.find((p) => p.Kind === 'Lookup list' && p.Key === list.systemName)!;
      if (entry.Action === 'unchanged') Object.assign(entry, { Action: 'change', Changes: ['Form'] });
    }
  }
  for (const id of new Set(changedLists)) {
    const offering: Array<{ FormId: number }> = await trx('form_fields').whereRaw("??->>'lookupListId' = ?", ['AttributeValues', String(id)]).distinct('FormId');
    if (offering.some((f) => !changedForms.includes(f.FormId))) await recordListRevisions(trx, id, ctx.principal, 'Lookup list changed by an import');
  }
}
