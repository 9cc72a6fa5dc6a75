import type { Knex } from 'knex';
import type { VersionedRecord } from '../../lib/crud/versioned-record.ts';

/** Who may take a setting's lock: one who may save settings (the route node of their update). */
const rights = [{ module: 'ApplicationSettings', route: 'appsettings.update' }];

/** A setting is read for update and saved under its lock and version, as a screen's records are. */
export const settingLock: VersionedRecord = { domain: 'appsettings', table: 'app_settings', idField: 'ConfigId', label: 'Setting', rights };

/**
 * The client settings are edited inside the setting that embeds them (CLIENT_SETTINGS): that setting's lock covers them,
 * while their own row keeps its own version.
 */
export const clientSettingsLock: VersionedRecord = { domain: 'appsettings', table: 'client_settings', idField: 'ClientSettingsId', label: 'Setting', rights };

/** The id of the setting that embeds a screen (0: none, so nothing can lock it). */
export async function embeddingSettingId(db: Knex, embeddedScreen: string): Promise<number> {
  const row = await db('app_settings').where('EmbeddedScreen', embeddedScreen).first('ConfigId');
  return (row?.ConfigId as number | undefined) ?? 0;
}
