import type { Knex } from 'knex';
import type { StoredField, StoredForm } from '../../../engine/core/lowcode/types.ts';
import type { FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import type { Principal } from '../../types.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { HttpError } from '../../lib/http-error.ts';
import { withRowRule } from '../../lib/crud/record-access.ts';
import { fieldTypeOf } from '../../../engine/core/lowcode/field-types.ts';

/** A form's row as the forms module reads it: the stored form plus where its records live and its revision. */
export interface FormRow extends StoredForm {
  Source: string | null;
  TableName: string | null;
  Revision: number;
}

const fieldColumns = [
  'FormFieldId', 'FormId', 'Name', 'StoredName', 'ReportLabelText', 'FieldType', 'IsUdf', 'IsActive', 'IsReserved',
  'StartDate', 'EndDate', 'SortOrder', 'AttributeValues', 'CreatedDate', 'CreatedBy', 'ModifiedDate', 'ModifiedBy',
];

export async function readForm(db: Knex, formId: number): Promise<FormRow | undefined> {
  return db('forms').where({ FormId: formId })
    .first('FormId', 'Name', 'Description', 'CanHaveEav', 'IsCircleable', 'IsReserved', 'IsActive', 'Source', 'TableName', 'Revision', 'AccessPageId', 'RecordReport');
}

/** Every field of a form (UDFs too, inactive and ended ones too), ordinary fields first, each list in its order. */
export async function readFields(db: Knex, formId: number, udf?: boolean): Promise<FormFieldRecord[]> {
  const q = db('form_fields').where({ FormId: formId }).select(fieldColumns).orderBy([{ column: 'IsUdf' }, { column: 'SortOrder' }, { column: 'FormFieldId' }]);
  if (udf !== undefined) q.where({ IsUdf: udf });
  return q;
}

/**
 * The form a call names, or the spec's refusal: 'No id was provided.' (400) for a non-positive id, 404 for none.
 * With `lock`, its row is locked for the caller's transaction: a form's changes are serialised, so two fields
 * saved at once cannot both take one name or one sort place. With `principal`, a form the row rule hides from them
 * (another's, without 'View All Records') answers as one that does not exist, and so do its fields and revisions.
 */
export async function formToChange(db: Knex, formId: number, options: { lock?: boolean; property?: string; principal?: Principal } = {}): Promise<FormRow> {
  if (!(formId > 0)) throw HttpError.of(400, defaultMessages.noId, options.property ?? 'id', 'NoId');
  if (options.principal && !(await withRowRule(db('forms').where({ FormId: formId }), formOwnerField, options.principal).first('FormId'))) throw formGone(options.property);
  if (options.lock) await db.raw('select 1 from forms where form_id = ? for update', [formId]);
  const form = await readForm(db, formId);
  if (!form) throw formGone(options.property);
  if (options.lock) await refuseWhileTypeChangeUnderWay(db, formId);
  return form;
}

/**
 * A form whose field is changing type online (type-change-jobs.ts) keeps its definition until the change swaps in:
 * its records are read and written meanwhile, but another definition change (which would alter the same table or
 * rename what the change names) is refused, saying how far the change is.
 */
async function refuseWhileTypeChangeUnderWay(db: Knex, formId: number): Promise<void> {
  const job = await db('field_type_changes as c').join('form_fields as f', 'f.FormFieldId', 'c.FormFieldId')
    .where({ 'c.FormId': formId, 'c.State': 'Converting' }).first('f.Name', 'c.ToType', 'c.Done', 'c.Total');
  if (!job) return;
  const label = fieldTypeOf(job.ToType)?.label ?? job.ToType;
  const percent = job.Total ? Math.floor((100 * job.Done) / job.Total) : 0;
  throw HttpError.of(409, `${job.Name} is changing to ${label} (${percent}% done): this form's fields can change again when that finishes.`, null, 'TypeChangeUnderWay');
}

/** The column naming a form's owner, whom 'View All Records' is measured against. */
export const formOwnerField = 'CreatedById';
const formGone = (property?: string) => HttpError.of(404, 'This form no longer exists.', property ?? null, 'NotFound');

export async function readField(db: Knex, formFieldId: number): Promise<FormFieldRecord | undefined> {
  return db('form_fields').where({ FormFieldId: formFieldId }).first(fieldColumns);
}

export const asStoredFields = (fields: FormFieldRecord[]): StoredField[] => fields.map((f) => ({ ...f, AttributeValues: f.AttributeValues ?? {} }));

/**
 * The id of a form's newest revision, as a column of a query on forms: what a cached composed form is keyed on. Unlike
 * forms.revision, which an import's rollback puts back (so the next change repeats a number the rolled-back import
 * had), it comes from a sequence and never repeats.
 */
export function newestRevisionId(db: Knex): Knex.Raw {
  return db.raw('(select max(r.form_revision_id) from form_revisions r where r.form_id = forms.form_id) as ??', ['NewestRevisionId']);
}

/**
 * Records a change to a form's definition: its revision rises (every process's cached screen for the form is
 * then stale on its next request) and the form and its fields as they now are are kept with who and when.
 * Call it last in the transaction that made the change.
 */
export async function recordRevision(trx: Knex, formId: number, principal: Principal | undefined, summary: string): Promise<number> {
  const [{ Revision }] = await trx('forms').where({ FormId: formId }).increment('Revision', 1).returning('Revision');
  const form = await readForm(trx, formId);
  const fields = await readFields(trx, formId);
  await trx('form_revisions').insert({
    FormId: formId,
    Revision,
    ChangedById: principal?.UserId ?? null,
    ChangedBy: principal?.UserName ?? null,
    Summary: summary,
    Definition: JSON.stringify({ Form: form, Fields: fields }),
  });
  return Revision as number;
}

/**
 * A change to a lookup list is a change to every form whose fields offer it (their selects' choices changed):
 * each such form gets a revision, in the change's transaction.
 */
export async function recordListRevisions(trx: Knex, tableId: number, principal: Principal | undefined, summary: string): Promise<void> {
  const forms: Array<{ FormId: number }> = await trx('form_fields').whereRaw("??->>'lookupListId' = ?", ['AttributeValues', String(tableId)]).distinct('FormId');
  for (const { FormId } of forms) await recordRevision(trx, FormId, principal, summary);
}

/** A form's revisions, newest first. */
export async function readRevisions(db: Knex, formId: number): Promise<Array<Record<string, unknown>>> {
  return db('form_revisions').where({ FormId: formId }).orderBy('FormRevisionId', 'desc')
    .select('Revision', 'ChangedBy', 'ChangedAt', 'Summary');
}
