import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { withUdfs } from '../../../engine/core/lowcode/compose-form.ts';
import type { FieldTypeKey } from '../../../engine/core/lowcode/field-types.ts';
import type { MetadataRegistry } from '../../metadata/registry.ts';
import { asStoredFields, newestRevisionId, readFields } from './definition-store.ts';
import { serverDay } from './built-forms.ts';
import { preparedStatement } from '../../db/statement-template.ts';

/**
 * The built-in entities that appear in Form Management as reserved forms: their shipped fields are listed (and
 * cannot be removed or retyped); where `udfTable` is set, the form allows UDFs, kept in that table's Udf column.
 */
export const reservedScreens: ReadonlyArray<{ screenId: string; udfTable?: string }> = [
  { screenId: 'users', udfTable: 'users' },
  { screenId: 'roles' },
  { screenId: 'forms' },
  { screenId: 'lookuptables' },
  { screenId: 'menuitems' },
  { screenId: 'pages' },
  { screenId: 'pagefields' },
];

type Property = Record<string, unknown>;

/** The catalogue type nearest a shipped property's schema and widget; null for what no field type draws (a permission tree). */
function fieldTypeOfProperty(property: Property, ui: Property | undefined): FieldTypeKey | null {
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  const widget = ui?.['ui:widget'] ?? ui?.['ui:field'];
  if (widget === 'richText') return 'richText';
  if (widget === 'phoneList') return 'phoneList';
  if (widget === 'address') return 'address';
  if (type === 'string') return typeof property.format === 'string' && property.format.startsWith('date') ? 'date' : (Number(property.maxLength) > 200 ? 'textArea' : 'text');
  if (type === 'integer') return widget === 'select' ? 'selectOne' : 'integer';
  if (type === 'number') return 'decimal';
  if (type === 'boolean') return 'yesNo';
  if (type === 'array' && (property.items as Property | undefined)?.type !== 'object') return 'selectMany';
  return null;
}

/**
 * Makes sure each reserved screen has its form and its shipped fields, at start: a new shipped field is added,
 * nothing an administrator added (UDFs) is touched. Idempotent, and safe with several processes starting at once.
 */
export async function ensureReservedForms(db: Knex, registry: MetadataRegistry): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7002)');
    for (const { screenId, udfTable } of reservedScreens) {
      const screen = registry.screens.get(screenId);
      const entity = screen && registry.entities.get(screen.entity);
      if (!screen?.form || !entity) continue;
      let form = await trx('forms').where({ Source: screenId }).first('FormId');
      if (!form) {
        const taken = await trx('forms').whereRaw('lower(name) = lower(?)', [screen.title]).first('FormId');
        [form] = await trx('forms').insert({
          Name: taken ? `${screen.title} (built-in)` : screen.title,
          Description: screen.description ?? null,
          CanHaveEav: Boolean(udfTable), IsReserved: true, Source: screenId, TableName: udfTable ?? null, CreatedBy: 'system',
        }).returning('FormId');
      }
      const known = new Set((await trx('form_fields').where({ FormId: form.FormId }).select('StoredName')).map((f: { StoredName: string }) => f.StoredName.toLowerCase()));
      const names = [...new Set([...(screen.form.fields.create ?? []), ...screen.form.fields.update])];
      const rows = names.flatMap((name, i) => {
        const property = entity.properties[name];
        const type = property && !property.writeOnly && fieldTypeOfProperty(property, screen.form?.uiSchema?.[name] as Property | undefined);
        if (!type || known.has(name.toLowerCase())) return [];
        return [{
          FormId: form.FormId, Name: name, StoredName: name, ReportLabelText: String(property.title ?? name), FieldType: type,
          IsUdf: false, IsActive: true, IsReserved: true, SortOrder: i + 1, CreatedBy: 'system',
        }];
      });
      if (rows.length) await trx('form_fields').insert(rows);
    }
  });
}

/** Read on every request to a reserved form's screen (its UDFs may have changed through any process). */
const reservedFormHead = preparedStatement<'source', { FormId: number; CanHaveEav: boolean; NewestRevisionId: number | null }>('reserved-form-head', (db, param) =>
  db('forms').where({ Source: param('source') }).limit(1).select('FormId', 'CanHaveEav', newestRevisionId(db)));

interface Extension { revision: number | null; day: string; screen: ScreenDocument; entity: JsonSchema }
const extensions = new WeakMap<Knex, Map<string, Extension>>();

/**
 * A shipped screen as its reserved form's UDFs extend it today (the users' screen with the UDFs an administrator
 * added), cached per (newest revision id, day) like a built form; the shipped screen itself when its form allows no UDFs.
 */
export async function extendedScreen(db: Knex, screen: ScreenDocument, entity: JsonSchema): Promise<{ screen: ScreenDocument; entity: JsonSchema; key: string }> {
  if (!reservedScreens.some((r) => r.screenId === screen.id && r.udfTable)) return { screen, entity, key: '' };
  const [head] = await reservedFormHead(db, { source: screen.id });
  if (!head?.CanHaveEav) return { screen, entity, key: '' };
  const day = serverDay();
  let cache = extensions.get(db);
  if (!cache) extensions.set(db, (cache = new Map()));
  let hit = cache.get(screen.id);
  if (!hit || hit.revision !== head.NewestRevisionId || hit.day !== day) {
    const udfs = asStoredFields(await readFields(db, head.FormId, true));
    hit = { revision: head.NewestRevisionId, day, ...withUdfs(screen, entity, udfs, day) };
    cache.set(screen.id, hit);
  }
  return { screen: hit.screen, entity: hit.entity, key: `${hit.revision}:${day}` };
}
