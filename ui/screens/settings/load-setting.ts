import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { AppSetting, FormParts } from '../../../engine/core/settings/index.ts';
import { api } from '../../api/api.ts';
import { loadScreen } from '../screen/useScreenPayload.ts';

type Data = Record<string, unknown>;

/** The screen a setting embeds (CLIENT_SETTINGS: clientsettings), its form and its current values. */
export interface EmbeddedPart extends FormParts {
  screen: ScreenDocument;
  values: Data;
}

/** What the setting's form is composed from: the setting, the base form and the embedded part, if any. */
export interface LoadedSetting {
  setting: AppSetting;
  base: FormParts;
  embedded?: EmbeddedPart;
}

/** Reads a setting (spec 1 'GET application settings read': id and pid), and what it embeds. */
export async function loadSetting(screen: ScreenDocument, id: number): Promise<LoadedSetting> {
  const [payload, setting] = await Promise.all([
    loadScreen(screen.id),
    api.get<AppSetting>(`${screen.api}/${id}?pid=${screen.list?.pageId ?? 0}`),
  ]);
  const base = { entity: payload.Schema, form: payload.Screen.form! };
  if (!setting.EmbeddedScreen) return { setting, base };
  const embedded = await loadScreen(setting.EmbeddedScreen);
  const values = await api.get<Data>(embedded.Screen.api);
  return { setting, base, embedded: { screen: embedded.Screen, entity: embedded.Schema, form: embedded.Screen.form!, values } };
}
