import type { Knex } from 'knex';
import publicPages from '../../../metadata/forms/public-pages.json' with { type: 'json' };
import { builtForm, type BuiltForm } from '../forms/built-forms.ts';
import { recordTableName } from '../forms/definition-sync.ts';

/** The shipped forms the public pages show, by the name their document gives them. */
export type ShippedFormName = 'Bulletins' | 'Contact Messages' | 'Schedule Items';

/** A shipped form as it stands here: composed, its table, and each shipped field's stored name today. */
export interface ShippedForm {
  built: BuiltForm;
  table: string;
  /** The document's stored name of a field -> its stored name here (an administrator may have renamed it). */
  column(shippedName: string): string;
  /** Whether the field is still on the form (an administrator may have retired it). */
  has(shippedName: string): boolean;
}

const shipped = new Map(publicPages.forms.map((form) => [form.name, { key: form.key, fields: new Map(form.fields.map((f) => [f.storedName, f.key])) }]));

/**
 * A shipped form found by its key and its fields by theirs (ids are identity, names are labels): a form or field an
 * administrator renamed is still the one the page shows. Null when the form is gone or inactive.
 */
export async function shippedForm(db: Knex, name: ShippedFormName): Promise<ShippedForm | null> {
  const wanted = shipped.get(name)!;
  const row = await db('forms').where({ Key: wanted.key }).whereNull('Source').first('FormId');
  const built = row ? await builtForm(db, row.FormId as number) : null;
  if (!built) return null;
  const fields: Array<{ Key: string; StoredName: string }> = await db('form_fields')
    .where({ FormId: built.form.FormId, IsActive: true }).whereIn('Key', [...wanted.fields.values()]).select('Key', 'StoredName');
  const byKey = new Map(fields.map((f) => [f.Key, f.StoredName]));
  const current = (shippedName: string) => byKey.get(wanted.fields.get(shippedName)!);
  return {
    built,
    table: recordTableName(built.form.FormId),
    has: (shippedName) => current(shippedName) !== undefined && built.entity.properties?.[current(shippedName)!] !== undefined,
    column: (shippedName) => current(shippedName) ?? shippedName,
  };
}
