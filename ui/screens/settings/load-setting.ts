import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { AppSetting, FormParts } from '../../../engine/core/settings/index.ts';
import { api } from '../../api/api.ts';
import { loadScreen } from '../screen/useScreenPayload.ts';
import { lockHeaderNames, readForUpdate, type LockedRecord } from '../../locks/lock-api.ts';

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
  /** For update: the versions read (the setting's and its embedded part's), sent back with each save. */
  versions?: { setting: string | null; embedded: string | null };
  /** For update: the setting's lock, or why there is none (someone else holds it). */
  lock?: LockedRecord<unknown>['lock'];
  lockMessage?: string | null;
}

/** Reads a setting (spec 1 'GET application settings read': id and pid), and what it embeds. */
export async function loadSetting(screen: ScreenDocument, id: number, forUpdate = false): Promise<LoadedSetting> {
  const url = `${screen.api}/${id}?pid=${screen.list?.pageId ?? 0}`;
  // For update the setting is read for update: its lock covers the part it embeds.
  const [payload, read] = await Promise.all([
    loadScreen(screen.id),
    forUpdate ? readForUpdate<AppSetting>(url, screen.form?.entityLabel ?? 'Setting') : api.get<AppSetting>(url).then((record) => ({ record, version: null, lock: null, message: null })),
  ]);
  const setting = read.record;
  const locked = forUpdate ? { lock: read.lock, lockMessage: read.message } : {};
  const base = { entity: payload.Schema, form: payload.Screen.form! };
  if (!setting.EmbeddedScreen) return { setting, base, versions: { setting: read.version, embedded: null }, ...locked };
  const embedded = await loadScreen(setting.EmbeddedScreen);
  const { data: values, headers } = await api.send<Data>('GET', embedded.Screen.api);
  return {
    setting, base, embedded: { screen: embedded.Screen, entity: embedded.Schema, form: embedded.Screen.form!, values },
    versions: { setting: read.version, embedded: headers.get(lockHeaderNames.version) }, ...locked,
  };
}
