import type { Knex } from 'knex';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { BuiltForm } from '../forms/built-forms.ts';
import { listIdOf } from '../forms/record-values.ts';

type Row = Record<string, unknown>;
type Fields = NonNullable<ScreenDocument['form']>['fields']['update'];

/**
 * A select's drawing for a visitor: its list's active items given inline (ui:options.options), instead of the name of a
 * lookup the page would ask the server for. So a visitor sees those options and nothing else of any lookup.
 */
async function withInlineOptions(db: Knex, ui: Row): Promise<Row> {
  const listId = listIdOf(ui);
  if (listId === null) return ui;
  const options: Array<{ Id: number; Name: string }> = await db('simple_lookup_items').where({ TableId: listId, IsActive: true })
    .orderBy([{ column: 'SortOrder' }, { column: 'Name' }]).select({ Id: 'SimpleLookupItemId', Name: 'Name' });
  const { source: _source, lazy: _lazy, sourceQuery: _query, ...rest } = ui['ui:options'] as Row;
  return { ...ui, 'ui:options': { ...rest, options } };
}

/**
 * What a visitor's page draws: the form's title and description, and of its schema and screen only the offered fields.
 * The screen has no list, no routes, no module and no API of the form's records: nothing names where records are read.
 */
export async function visitorDefinition(db: Knex, built: BuiltForm, offered: string[]): Promise<{ Screen: ScreenDocument; Entity: JsonSchema }> {
  const { entity, screen } = built;
  const uiSchema = screen.form?.uiSchema ?? {};
  const properties: Record<string, unknown> = {};
  const drawn: Row = {};
  for (const name of offered) {
    properties[name] = entity.properties?.[name];
    drawn[name] = await withInlineOptions(db, (uiSchema[name] ?? {}) as Row);
  }
  const Entity = {
    title: entity.title, type: 'object', additionalProperties: false,
    required: (entity.required ?? []).filter((name) => offered.includes(name)), properties,
  } as JsonSchema;
  const Screen: ScreenDocument = {
    id: 'public-form', title: screen.title, ...(screen.description ? { description: screen.description } : {}),
    module: null, entity: 'PublicForm', api: '', idField: 'RecordId', routes: {},
    form: { entityLabel: screen.form?.entityLabel ?? screen.title, fields: { create: offered as Fields, update: offered as Fields }, uiSchema: drawn, buttonSets: { create: 'Create' } },
  };
  return { Screen, Entity };
}
