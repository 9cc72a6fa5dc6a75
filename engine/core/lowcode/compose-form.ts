import type { ErrorItem } from '../error-items.ts';
import type { JsonSchema } from '../forms/types.ts';
import { defaultMessages, formatMessage } from '../messages.ts';
import type { ScreenDocument } from '../screen-document.ts';
import { attributeFaults } from './attribute-faults.ts';
import { fieldTypeOf, withDefaults, type FieldTypeDefinition } from './field-types.ts';
import type { FieldSchemaDefinition, RecordReportSetting, StoredField, StoredForm } from './types.ts';
import { fieldIdentifier, formNaming, identifierFault, UDF_KEYWORD } from './form-naming.ts';

export { fieldIdentifier, formNaming, identifierFault, MAX_IDENTIFIER_LENGTH, RESERVED_FIELD_NAMES, slugOf, UDF_KEYWORD, type FormNaming } from './form-naming.ts';

const isoDay = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** Whether a field shows today: active, and for a UDF, today within its StartDate..EndDate (both inclusive). */
export function isFieldShown(field: StoredField, today: string): boolean {
  if (!field.IsActive) return false;
  if (!field.IsUdf) return true;
  const start = isoDay(field.StartDate);
  const end = isoDay(field.EndDate);
  const day = today.slice(0, 10);
  return start !== null && start <= day && (end === null || day <= end);
}

/** A composed field: the stored row, its identifier, its type. */
export interface ComposedField {
  stored: StoredField;
  name: string;
  label: string;
  type: FieldTypeDefinition;
}

/**
 * The fields a form shows today, in order: ordinary fields by SortOrder, then UDFs by SortOrder
 * (ties by FormFieldId). Fields that cannot be placed (unknown type, invalid or repeated name: what
 * definitionFaults reports) are left out rather than thrown, so one bad row never hides a form.
 */
export function shownFields(fields: readonly StoredField[], today: string): ComposedField[] {
  const order = (a: StoredField, b: StoredField) => Number(a.IsUdf) - Number(b.IsUdf) || a.SortOrder - b.SortOrder || a.FormFieldId - b.FormFieldId;
  const seen = new Set<string>();
  const out: ComposedField[] = [];
  for (const stored of [...fields].sort(order)) {
    const name = fieldIdentifier(stored.Name);
    const type = fieldTypeOf(stored.FieldType);
    if (!name || !type || seen.has(name.toLowerCase()) || !isFieldShown(stored, today)) continue;
    seen.add(name.toLowerCase());
    out.push({ stored, name, label: stored.ReportLabelText?.trim() || stored.Name.trim(), type });
  }
  return out;
}

const recordColumns: Record<string, Record<string, unknown>> = {
  IsActive: { type: 'boolean', title: 'Is Active', default: true },
  CreatedDate: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  CreatedBy: { type: ['string', 'null'], readOnly: true },
  ModifiedDate: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  ModifiedBy: { type: ['string', 'null'], readOnly: true },
  DeactivatedDate: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  DeactivatedBy: { type: ['string', 'null'], readOnly: true },
};

/** How many list columns are shown at first; the column chooser shows the rest. */
export const VISIBLE_LIST_COLUMNS = 4;

const columnFormats: Partial<Record<string, 'date' | 'yesNo' | 'currency' | 'percentage'>> = { date: 'date', yesNo: 'yesNo', currency: 'currency', percentage: 'percentage' };

function columnFormat(field: ComposedField): { format?: 'date' | 'yesNo' | 'currency' | 'percentage' } {
  const format = columnFormats[field.type.key];
  return format ? { format } : {};
}

/** A field the list can show: a scalar as stored, or a select by its items' names. */
const isListed = (f: ComposedField) => f.type.sortable || f.type.searchable || f.type.listedByName === true;

/** How a listed field's column sorts and searches: as stored, or (a select) by its items' names, as people read it. */
function columnCapabilities(f: ComposedField): { sortable?: true; searchable?: true } {
  const byName = f.type.listedByName === true;
  return { ...(f.type.sortable || byName ? { sortable: true } : {}), ...(f.type.searchable || byName ? { searchable: true } : {}) };
}

function listOf(fields: ComposedField[], title: string, pageId: number | undefined): NonNullable<ScreenDocument['list']> {
  const listed = fields.filter(isListed);
  type Columns = NonNullable<ScreenDocument['list']>['columns'];
  const columns = (listed.length
    ? listed.map((f, i) => ({
      field: f.name,
      label: f.label,
      // A UDF (a key of the record's JSONB) sorts and searches too, by the expression index its form's change builds.
      ...columnCapabilities(f),
      ...(i >= VISIBLE_LIST_COLUMNS ? { hidden: true } : {}),
      ...columnFormat(f),
    }))
    : [{ field: 'RecordId', label: 'Id', sortable: true }]) as Columns;
  // The default order is one an index serves: a stored column, not a select's names.
  const firstSortable = listed.find((f) => f.type.sortable);
  return {
    ...(pageId ? { pageId } : {}),
    columns,
    pageSizes: [10, 20, 50, 100],
    defaultPageSize: 50,
    ...(firstSortable ? { defaultSort: [{ field: firstSortable.name, dir: 'asc' as const }] } : listed.length ? {} : { defaultSort: [{ field: 'RecordId', dir: 'asc' as const }] }),
    multiSort: true,
    searchable: columns.some((c) => c.searchable),
    inactiveToggle: true,
    emptyMessage: `No ${title} records found.`,
    rowClick: 'update',
  };
}

/** A composed field's property (value schema, title, marks), whether it is required, and its uiSchema entry. */
function drawnField(field: ComposedField): { property: Record<string, unknown>; required: boolean; uiSchema: Record<string, unknown> } {
  const attributes = withDefaults(field.type, field.stored.AttributeValues ?? {});
  const required = attributes.required === true;
  const property = Object.fromEntries(Object.entries({
    title: field.label,
    ...field.type.valueSchema(attributes, required),
    'x-fieldType': field.type.key,
    'x-columnType': field.type.columnType,
    'x-formFieldId': field.stored.FormFieldId,
    ...(field.stored.IsUdf ? { [UDF_KEYWORD]: true } : {}),
  }).filter(([, v]) => v !== undefined));
  return { property, required, uiSchema: field.type.uiSchema(attributes) };
}

/**
 * A shipped screen with the UDFs an administrator added to its reserved form (the users' form): each UDF shown
 * today becomes a property of the entity marked `x-udf`, a field at the end of the form's create and update
 * fields, and a list column hidden until chosen. A screen with no UDF shown is returned as it is.
 */
export function withUdfs(screen: ScreenDocument, entity: JsonSchema, udfs: readonly StoredField[], today: string): ComposedForm {
  const shown = shownFields(udfs.filter((f) => f.IsUdf), today).filter((f) => !entity.properties?.[f.name]);
  if (!shown.length) return { screen, entity };
  const properties = { ...entity.properties };
  const required = [...(entity.required ?? [])];
  const uiSchema: Record<string, unknown> = { ...screen.form?.uiSchema };
  for (const field of shown) {
    const drawn = drawnField(field);
    properties[field.name] = drawn.property;
    if (drawn.required) required.push(field.name);
    uiSchema[field.name] = drawn.uiSchema;
  }
  const names = shown.map((f) => f.name);
  type Fields = NonNullable<ScreenDocument['form']>['fields']['update'];
  type Columns = NonNullable<ScreenDocument['list']>['columns'];
  const form = screen.form && {
    ...screen.form,
    uiSchema,
    fields: {
      ...screen.form.fields,
      ...(screen.form.fields.create ? { create: [...screen.form.fields.create, ...names] as Fields } : {}),
      update: [...screen.form.fields.update, ...names] as Fields,
    },
  };
  const list = screen.list && {
    ...screen.list,
    columns: [...screen.list.columns, ...shown.filter(isListed).map((f) => ({
      field: f.name, label: f.label, hidden: true, ...columnCapabilities(f), ...columnFormat(f),
    }))] as Columns,
  };
  return {
    screen: { ...screen, ...(form ? { form } : {}), ...(list ? { list } : {}) },
    entity: { ...entity, properties, required },
  };
}

/** A built form as the engine's own documents: the screen (as in metadata/screens) and its entity schema (as in metadata/entities). */
export interface ComposedForm {
  screen: ScreenDocument;
  entity: JsonSchema;
}

/**
 * The screen document and entity schema of a form an administrator built, as of `today`
 * (yyyy-MM-dd): the fields shown today (see shownFields) in order, each with its type's value
 * schema, widget and required-ness; UDFs as top-level properties marked `x-udf` (see UDF_KEYWORD);
 * the record's own columns (RecordId, IsActive, the record info dates). The routes and names come
 * from formNaming. A form with no field shown has no create route (nothing to create a record of).
 */
export function composeStoredForm(form: StoredForm, fields: readonly StoredField[], today: string): ComposedForm {
  const naming = formNaming(form);
  const shown = shownFields(fields, today);
  const properties: Record<string, Record<string, unknown>> = { RecordId: { type: 'integer', readOnly: true } };
  const required: string[] = [];
  const uiSchema: Record<string, unknown> = {};
  for (const field of shown) {
    const drawn = drawnField(field);
    properties[field.name] = drawn.property;
    if (drawn.required) required.push(field.name);
    uiSchema[field.name] = drawn.uiSchema;
  }
  Object.assign(properties, recordColumns);
  const entity: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: naming.entity,
    title: form.Name.trim(),
    type: 'object',
    additionalProperties: false,
    required,
    properties,
  };
  const names = shown.map((f) => f.name);
  type Fields = NonNullable<ScreenDocument['form']>['fields']['update'];
  const { create, ...otherRoutes } = naming.routes;
  const screen: ScreenDocument = {
    id: naming.screenId,
    title: form.Name.trim(),
    ...(form.Description?.trim() ? { description: form.Description.trim() } : {}),
    module: naming.module,
    entity: naming.entity,
    api: naming.api,
    idField: 'RecordId',
    routes: names.length ? { ...otherRoutes, create } : otherRoutes,
    list: listOf(shown, form.Name, form.AccessPageId),
    form: {
      entityLabel: form.Name.trim(),
      fields: {
        ...(names.length ? { create: names as Fields } : {}),
        update: names.concat('IsActive') as Fields,
      },
      uiSchema,
      buttonSets: { create: 'Create', update: 'UpdateDeleteDeactivate', delete: 'Delete' },
      recordInfo: true,
      promptOnAbandon: true,
      ...(form.RecordReport ? { recordReport: recordReportOf(form.RecordReport, shown) } : {}),
    },
  };
  return { screen, entity };
}

/**
 * The record report as the screen document says it: each parameter's field by its name today, or its fixed value. A
 * parameter whose field is not shown today names neither, and the card says what it needs instead of running.
 */
function recordReportOf(setting: RecordReportSetting, shown: readonly ComposedField[]) {
  return {
    fileName: setting.FileName,
    params: setting.Params.map(({ Param: param, FormFieldId, Value }) => {
      if (!FormFieldId) return { param, value: Value ?? '' };
      const field = shown.find((f) => f.stored.FormFieldId === FormFieldId);
      return field ? { param, field: field.name } : { param };
    }),
  };
}

/** The spec's schema definition of a field: its Type, its upper bound (a text's maximum length), whether it is on. */
export function schemaDefinitionOf(field: StoredField): FieldSchemaDefinition {
  const type = fieldTypeOf(field.FieldType);
  if (!type) return { Type: field.FieldType, LessThanOrEqualTo: null, Enabled: field.IsActive };
  const attributes = withDefaults(type, field.AttributeValues ?? {});
  const bound = type.schemaType === 'text' ? attributes.maxLength : attributes.lessThanOrEqualTo;
  return { Type: type.schemaType, LessThanOrEqualTo: typeof bound === 'number' ? bound : null, Enabled: field.IsActive };
}

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value.slice(0, 10)) && !Number.isNaN(Date.parse(value.slice(0, 10)));

/**
 * What is wrong with a form's definition, as error items (PropertyName `Fields.<index>.<part>`, the
 * index into `fields`): an unknown field type, a name that is not a valid identifier after
 * normalising, two fields with one name after normalising (inactive and ended fields included:
 * they keep their stored values under that name), attribute values that fail their definitions, a
 * missing label on an ordinary field, a UDF on a form that does not allow UDFs, a UDF without a
 * start date, a date that is not one, and an end date before the start date.
 */
export function definitionFaults(form: StoredForm, fields: readonly StoredField[]): ErrorItem[] {
  const faults: ErrorItem[] = [];
  const byName = new Map<string, number>();
  fields.forEach((field, i) => {
    const at = (part: string) => `Fields.${i}.${part}`;
    const push = (part: string, ErrorMessage: string, ErrorCode: string) => faults.push({ PropertyName: at(part), ErrorMessage, ErrorCode });
    const nameFault = identifierFault(field.Name);
    if (nameFault) push('Name', nameFault, 'invalidName');
    const identifier = fieldIdentifier(field.Name);
    if (identifier) {
      const first = byName.get(identifier.toLowerCase());
      if (first === undefined) byName.set(identifier.toLowerCase(), i);
      else push('Name', `Two fields are named ${identifier}: '${fields[first].Name}' and '${field.Name}'.`, 'duplicateName');
    }
    const type = fieldTypeOf(field.FieldType);
    if (!type) push('FieldType', `'${field.FieldType}' is not a field type. Choose a type from the list.`, 'unknownFieldType');
    else faults.push(...attributeFaults(type, field.AttributeValues ?? {}, at('AttributeValues')));
    if (!field.IsUdf && !field.ReportLabelText?.trim()) push('ReportLabelText', formatMessage(defaultMessages.required, 'Report Label Text'), 'required');
    if (!field.IsUdf) return;
    if (!form.CanHaveEav) push('IsUdf', `'${field.Name}' is a user-defined field, but the form ${form.Name} does not allow user-defined fields.`, 'udfNotAllowed');
    if (!field.StartDate) push('StartDate', formatMessage(defaultMessages.required, 'Start Date'), 'required');
    else if (!isIsoDate(field.StartDate)) push('StartDate', formatMessage(defaultMessages.date, 'Start Date'), 'date');
    if (field.EndDate && !isIsoDate(field.EndDate)) push('EndDate', formatMessage(defaultMessages.date, 'End Date'), 'date');
    else if (field.StartDate && field.EndDate && isIsoDate(field.StartDate) && field.EndDate.slice(0, 10) < field.StartDate.slice(0, 10)) {
      push('EndDate', 'The start date must be on or before the end date.', 'dateOrder');
    }
  });
  return faults;
}
