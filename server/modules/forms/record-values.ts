import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import { UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import type { CrudHooks } from '../../lib/crud/crud-types.ts';
import type { BuiltForm } from './built-forms.ts';

type Row = Record<string, unknown>;

/** The simple lookup list a select property draws its options from ('simple-lookup-7' -> 7). */
export function listIdOf(uiSchema: Row | undefined): number | null {
  const source = (uiSchema?.['ui:options'] as Row | undefined)?.source;
  const match = typeof source === 'string' ? /^simple-lookup-(\d+)$/.exec(source) : null;
  return match ? Number(match[1]) : null;
}

/**
 * A built form's record values as stored: a select's 'Please Select' (-1 or lower) is no choice (null), and every
 * chosen item must be an item of the field's list (the browser offers only those; another client may send any
 * number). Inactive items stay acceptable: a record keeps a choice made before the item was retired.
 */
export async function storedSelectValues(trx: Knex, entity: JsonSchema, uiSchema: Row, values: Row): Promise<Row> {
  const out = { ...values };
  const errors: ErrorItem[] = [];
  for (const [name, property] of Object.entries(entity.properties ?? {})) {
    const type = (property as Row)['x-fieldType'];
    if (!(name in out) || (type !== 'selectOne' && type !== 'selectMany')) continue;
    if (type === 'selectOne' && typeof out[name] === 'number' && (out[name] as number) < 0) out[name] = null;
    const chosen = type === 'selectOne' ? (out[name] === null ? [] : [out[name] as number]) : ((out[name] as number[] | null) ?? []);
    const listId = listIdOf(uiSchema[name] as Row | undefined);
    if (!chosen.length || listId === null) continue;
    const found: Array<{ Id: number }> = await trx('simple_lookup_items').where({ TableId: listId }).whereIn('SimpleLookupItemId', chosen).select({ Id: 'SimpleLookupItemId' });
    const missing = chosen.filter((id) => !found.some((f) => f.Id === id));
    if (missing.length) errors.push({ PropertyName: name, ErrorMessage: `Choose ${String((property as Row).title ?? name)} from its list.`, ErrorCode: 'notInList' });
  }
  if (errors.length) throw new HttpError(400, errors);
  return out;
}

/**
 * A built form's JSONB columns as the driver must be given them: node-postgres sends a JavaScript array as a
 * PostgreSQL array literal ('{1,2}'), which a jsonb column refuses, so arrays (and objects, alike) go as JSON text.
 * UDF values are inside the Udf object, which is sent whole.
 */
export function storedJsonValues(entity: JsonSchema, values: Row): Row {
  const out = { ...values };
  for (const [name, property] of Object.entries(entity.properties ?? {})) {
    const p = property as Row;
    if (p['x-columnType'] === 'jsonb' && !p[UDF_KEYWORD] && out[name] !== null && out[name] !== undefined) out[name] = JSON.stringify(out[name]);
  }
  return out;
}

/** How a built form's checked values become its table's columns: the one hook every way of creating its records uses. */
export function builtRecordColumns(built: Pick<BuiltForm, 'entity' | 'screen'>): NonNullable<CrudHooks['toColumns']> {
  return async (values, _mode, _existing, trx) => storedJsonValues(built.entity, await storedSelectValues(trx, built.entity, built.screen.form?.uiSchema ?? {}, values));
}
