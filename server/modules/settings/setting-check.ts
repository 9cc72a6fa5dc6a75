import { bodyValidator, type CheckedBody } from '../../lib/crud/body-validator.ts';
import { composeSettingForm, settingValuesFromBody, type AppSetting, type FormParts } from '../../../engine/core/settings/index.ts';

/** The check of a settings save: the form composed from the stored setting (as the browser composes it), applied to the body. */
export function settingChecker(base: FormParts) {
  // One compiled check per shape of setting (its item definitions and whether it has a time zone); there are few.
  const checks = new Map<string, ReturnType<typeof bodyValidator>>();
  return (stored: AppSetting, body: Partial<AppSetting>): CheckedBody => {
    const definitions = stored.ConfigItems.map(({ AttributeValue: _v, ConfigItemId: _id, ...definition }) => definition);
    const key = JSON.stringify([stored.TimeZone !== null, definitions]);
    let check = checks.get(key);
    if (!check) {
      const { entity, form } = composeSettingForm(base, stored);
      check = bodyValidator(entity, form, 'update');
      if (checks.size > 200) checks.clear();
      checks.set(key, check);
    }
    return check(settingValuesFromBody(stored, body));
  };
}
