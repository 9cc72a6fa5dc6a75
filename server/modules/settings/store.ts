import type { Knex } from 'knex';
import type { AppSetting, ConfigItem } from '../../../engine/core/settings/index.ts';

const settingColumns = ['ConfigId', 'Name', 'Description', 'TimeZoneId as TimeZone', 'EmbeddedScreen', 'CreatedBy', 'CreatedDate', 'ModifiedBy', 'ModifiedDate'];
const itemColumns = ['ConfigItemId', 'Name', 'StaticName', 'AttributeValue', 'SysType', 'Description', 'FieldMessage', 'FormItemValidationConfig'];

/** A setting with its items in their order, or undefined. */
export async function readSetting(db: Knex, configId: number): Promise<AppSetting | undefined> {
  const setting = await db('app_settings').where('ConfigId', configId).first(settingColumns);
  if (!setting) return undefined;
  const items = (await db('app_setting_items').where('ConfigId', configId).orderBy([{ column: 'SortOrder' }, { column: 'ConfigItemId' }]).select(itemColumns)) as ConfigItem[];
  return { ...setting, ConfigItems: items } as AppSetting;
}

/** The offset of a time zone ('-05:00'), or null when there is no such zone. */
export async function offsetOf(db: Knex, timeZoneId: number | null): Promise<string | null> {
  if (timeZoneId === null) return null;
  const zone = await db('time_zones').where('TimeZoneId', timeZoneId).first('Offset');
  return zone?.Offset ?? null;
}

/** Stamps a setting as changed by someone now. */
export function stampSetting(db: Knex, where: { ConfigId: number } | { EmbeddedScreen: string }, userName: string) {
  return db('app_settings').where(where).update({ ModifiedBy: userName, ModifiedDate: db.fn.now() });
}
