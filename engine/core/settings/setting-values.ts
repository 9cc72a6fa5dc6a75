import { jsonTypeOf } from './config-item-schema.ts';
import type { AppSetting, ConfigItem } from './types.ts';

type Data = Record<string, unknown>;

/** An item's stored text as its form value: numbers and booleans typed; text that is not one is kept, for the type rule to name. */
export function itemFormValue(item: ConfigItem): unknown {
  const text = item.AttributeValue;
  const type = jsonTypeOf(item.SysType);
  if (type === 'string') return text ?? '';
  if (text === null || text === undefined || text.trim() === '') return undefined;
  if (type === 'boolean') return /^(true|false)$/i.test(text.trim()) ? text.trim().toLowerCase() === 'true' : text;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? Number(text) : text;
}

/** A form value as an item's stored text: nothing entered is null. */
export function attributeTextOf(value: unknown): string | null {
  return value === undefined || value === null || value === '' ? null : String(value);
}

/** A setting as the values of its composed form; the embedded screen's values (and record dates) follow its own. */
export function settingFormValues(setting: AppSetting, embeddedValues: Data = {}): Data {
  const { ConfigItems: items, TimeZone, EmbeddedScreen: _e, ...rest } = setting;
  return {
    ...rest,
    ...(TimeZone !== null ? { TimeZone } : {}),
    ConfigItems: Object.fromEntries(items.map((item) => [item.StaticName, itemFormValue(item)])),
    ...embeddedValues,
  };
}

/** The setting with the form's values: each item's AttributeValue, and the time zone where the setting has one. */
export function settingWithFormValues(setting: AppSetting, values: Data): AppSetting {
  const entered = (values.ConfigItems ?? {}) as Data;
  return {
    ...setting,
    TimeZone: setting.TimeZone !== null && typeof values.TimeZone === 'number' ? values.TimeZone : setting.TimeZone,
    ConfigItems: setting.ConfigItems.map((item) => ({ ...item, AttributeValue: attributeTextOf(entered[item.StaticName]) })),
  };
}

/** The form values of a setting sent as the settings object (the update call's body): items matched by StaticName. */
export function settingValuesFromBody(stored: AppSetting, body: Partial<AppSetting>): Data {
  const sent = new Map((Array.isArray(body.ConfigItems) ? body.ConfigItems : []).map((item) => [item?.StaticName, item?.AttributeValue ?? null]));
  const items = stored.ConfigItems.map((item) => ({ ...item, AttributeValue: sent.has(item.StaticName) ? sent.get(item.StaticName)! : item.AttributeValue }));
  return settingFormValues({ ...stored, ConfigItems: items, TimeZone: stored.TimeZone !== null ? (body.TimeZone ?? null) as number : null });
}
