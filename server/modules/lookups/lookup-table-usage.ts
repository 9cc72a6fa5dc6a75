import type { Knex } from 'knex';

interface FieldUse { FormName: string; FieldName: string }

/**
 * The form fields (of any form, active or not) whose select offers this list: their attribute values name it as
 * lookupListId. Compared as text, so a list id stored as a number or as a string is found alike.
 */
export async function fieldsUsingList(db: Knex, tableId: number): Promise<FieldUse[]> {
  return db('form_fields as ff')
    .join('forms as f', 'f.FormId', 'ff.FormId')
    .whereRaw("??->>'lookupListId' = ?", ['ff.AttributeValues', String(tableId)])
    .orderBy([{ column: 'f.Name' }, { column: 'ff.SortOrder' }, { column: 'ff.FormFieldId' }])
    .select({ FormName: 'f.Name', FieldName: 'ff.Name' });
}

/** 'a', 'a and b', 'a, b and c'. */
function sentenceList(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Why a list cannot be deleted, naming every form and field that uses it, e.g. 'The list Severity is used by the
 * field Severity of the form Incident Report; change those fields first.'
 */
export function listInUseMessage(listName: string, uses: FieldUse[]): string {
  const byForm = new Map<string, string[]>();
  for (const use of uses) byForm.set(use.FormName, [...(byForm.get(use.FormName) ?? []), use.FieldName]);
  const phrases = [...byForm].map(([form, fields]) => `the field${fields.length > 1 ? 's' : ''} ${sentenceList(fields)} of the form ${form}`);
  return `The list ${listName} is used by ${sentenceList(phrases)}; change those fields first.`;
}
