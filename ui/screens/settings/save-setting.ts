import { settingFormValues, settingSaveErrors, settingWithFormValues, type AppSetting } from '../../../engine/core/settings/index.ts';
import { PLACEHOLDER_ID } from '../../../engine/widgets/shared/types.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import type { LoadedSetting } from './load-setting.ts';
import { forgetClientLogo } from '../client-logo-url.ts';

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
export async function saveSetting(loaded: LoadedSetting, values: Data): Promise<LoadedSetting> {
  try {
    let { setting, embedded } = loaded;
    if (embedded) {
      const part = Object.fromEntries(embedded.form.fields.update.filter((f) => f in values).map((f) => [f, values[f]]));
      embedded = { ...embedded, values: await api.post<Data>(embedded.screen.api, part) };
    }
    if (hasOwnPart(setting)) setting = await api.post<AppSetting>(`/api/appsettings/${setting.ConfigId}`, settingWithFormValues(setting, values));
    // A setting may change what the public pages show (the client logo).
    forgetClientLogo();
    return { ...loaded, setting, embedded };
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, settingSaveErrors(error.items), error.body);
    throw error;
  }
}
