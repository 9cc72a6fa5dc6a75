import { settingFormValues, settingSaveErrors, settingWithFormValues, type AppSetting } from '../../../engine/core/settings/index.ts';
import { PLACEHOLDER_ID } from '../../../engine/widgets/shared/types.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import type { LoadedSetting } from './load-setting.ts';
import { forgetClientLogo } from '../client-logo-url.ts';
import { lockHeaderNames } from '../../locks/lock-api.ts';

type Data = Record<string, unknown>;

/** Whether a setting has a part of its own to save: items, or a time zone. */
const hasOwnPart = (setting: AppSetting) => setting.ConfigItems.length > 0 || setting.TimeZone !== null;

/** The form's values of a loaded setting; an optional select with no value starts at 'Please Select', as it shows. */
export function formRecord({ setting, embedded }: LoadedSetting): Data {
  const values = settingFormValues(setting, embedded?.values);
  for (const field of embedded?.form.fields.update ?? []) {
    const ui = embedded?.form.uiSchema?.[field] as Record<string, unknown> | undefined;
    if (ui?.['ui:widget'] === 'select' && (values[field] === null || values[field] === undefined)) values[field] = PLACEHOLDER_ID;
  }
  return values;
}

/**
 * Saves a setting's form: the embedded part through its own call (POST client settings update), the setting's
 * own part through the settings update. Error code 2627 reads as the specification words it.
 */
export async function saveSetting(loaded: LoadedSetting, values: Data, lockId: string | null): Promise<LoadedSetting> {
  try {
    let { setting, embedded } = loaded;
    const versions = { setting: null, embedded: null, ...loaded.versions };
    // Each part is saved with the setting's lock and the version that part was read at; the answers give the new ones.
    const headers = (version: string | null) => ({ ...(lockId ? { [lockHeaderNames.lockId]: lockId } : {}), ...(version ? { [lockHeaderNames.version]: version } : {}) });
    if (embedded) {
      const part = Object.fromEntries(embedded.form.fields.update.filter((f) => f in values).map((f) => [f, values[f]]));
      const sent = await api.send<Data>('POST', embedded.screen.api, { body: part, headers: headers(versions.embedded) });
      embedded = { ...embedded, values: sent.data };
      versions.embedded = sent.headers.get(lockHeaderNames.version);
    }
    if (hasOwnPart(setting)) {
      const sent = await api.send<AppSetting>('POST', `/api/appsettings/${setting.ConfigId}`, { body: settingWithFormValues(setting, values), headers: headers(versions.setting) });
      setting = sent.data;
      versions.setting = sent.headers.get(lockHeaderNames.version);
    }
    // A setting may change what the public pages show (the client logo).
    forgetClientLogo();
    return { ...loaded, setting, embedded, versions };
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, settingSaveErrors(error.items), error.body);
    throw error;
  }
}
