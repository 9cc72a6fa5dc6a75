import type { FormDefinition, JsonSchema } from '../forms/types.ts';
import { configItemSchema, isRequiredItem } from './config-item-schema.ts';
import type { AppSetting } from './types.ts';

/** A form as the engine renders and checks it: the entity schema and the screen's form definition. */
export interface FormParts {
  entity: JsonSchema;
  form: FormDefinition;
}

type FieldList = FormDefinition['fields']['update'];

/**
 * The update form of one application setting, composed at run time from its stored items (spec 1
 * "Application settings update"), the same in the browser and in the server's check of a save:
 * - the base form (metadata/screens/appsettings.json over the AppSetting entity): Name and Description read-only;
 *   the time-zone select only for a setting that has a time zone (STANDARD_BUSINESS_HOURS), then required;
 * - ConfigItems as one object of a property per item, keyed by StaticName (see configItemSchema);
 * - the embedded screen's form below, in its own sections (CLIENT_SETTINGS: the client settings).
 */
export function composeSettingForm(base: FormParts, setting: AppSetting, embedded?: FormParts): FormParts {
  const items = setting.ConfigItems;
  const own = base.form.fields.update.filter((f) =>
    (f !== 'TimeZone' || setting.TimeZone !== null) && (f !== 'ConfigItems' || items.length > 0));
  const configItems = {
    ...(base.entity.properties?.ConfigItems ?? {}),
    type: 'object',
    properties: Object.fromEntries(items.map((item) => [item.StaticName, configItemSchema(item)])),
    required: items.filter((item) => isRequiredItem(item) && item.FormItemValidationConfig?.readOnly !== true).map((item) => item.StaticName),
  };
  const embeddedFields = embedded?.form.fields.update ?? [];
  const entity: JsonSchema = {
    ...base.entity,
    properties: { ...base.entity.properties, ConfigItems: configItems, ...embedded?.entity.properties },
    required: [...(base.entity.required ?? []), ...(own.includes('TimeZone') ? ['TimeZone'] : []), ...(embedded?.entity.required ?? [])],
  };
  const sections = embedded?.form.sections
    ? [{ title: base.form.sections?.[0]?.title ?? 'Setting', fields: own as FieldList }, ...embedded.form.sections]
    : base.form.sections;
  const form: FormDefinition = {
    ...base.form,
    fields: { update: [...own, ...embeddedFields.filter((f) => !own.includes(f))] as FieldList },
    uiSchema: { ...base.form.uiSchema, ...embedded?.form.uiSchema },
    rules: [...(base.form.rules ?? []), ...(embedded?.form.rules ?? [])],
    ...(sections ? { sections } : {}),
  };
  return { entity, form };
}
