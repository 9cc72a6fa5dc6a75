import { beforeAll, describe, expect, it } from 'vitest';
import { databases, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import type { AppSetting } from '../../engine/core/settings/index.ts';

const businessDay = 'Start of business day must occur before end of business day.';
const textMaximum = 'You have exceeded the maximum character length allowable for this field.';

describe.each(databases)('application settings on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let hoursId: number;
  let clientId: number;

  const get = (url: string, who = admin) => injectLocked(t.app, who, { method: 'GET', url });
  const save = (id: number, payload: Partial<AppSetting>, who = admin) => injectLocked(t.app, who, { method: 'POST', url: `/api/appsettings/${id}`, payload });
  const read = async (id: number) => (await get(`/api/appsettings/${id}?pid=2`)).json() as AppSetting;
  const itemsOf = (s: AppSetting) => Object.fromEntries(s.ConfigItems.map((i) => [i.StaticName, i.AttributeValue]));
  /** The stored setting with some items' values changed, as the browser sends it. */
  const withItems = (s: AppSetting, values: Record<string, string | null>, extra: Partial<AppSetting> = {}): AppSetting =>
    ({ ...s, ...extra, ConfigItems: s.ConfigItems.map((i) => (i.StaticName in values ? { ...i, AttributeValue: values[i.StaticName] } : i)) });
  const errorsOf = (res: { json(): unknown }) => (res.json() as Array<{ PropertyName: string; ErrorMessage: string }>).map((e) => [e.PropertyName, e.ErrorMessage]);

  beforeAll(async () => {
    admin = await signIn(t.app);
    const role = await addRole(t.app, 'Clerks');
    await grantModule(t.app, role, 'RegisterUser');
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [role] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    const rows = (await get('/api/appsettings')).json().Items as Array<{ ConfigId: number; Name: string }>;
    hoursId = rows.find((r) => r.Name === 'STANDARD_BUSINESS_HOURS')!.ConfigId;
    clientId = rows.find((r) => r.Name === 'CLIENT_SETTINGS')!.ConfigId;
  });

  it('lists the seeded settings by Name with their descriptions, searched, paged and by chosen columns', async () => {
    const all = (await get('/api/appsettings')).json();
    expect(all.Items.map((r: { Name: string }) => r.Name)).toEqual(['CLIENT_SETTINGS', 'STANDARD_BUSINESS_HOURS']);
    expect(all.Items[0].Description).toMatch(/logo/);
    expect((await get('/api/appsettings?q=business')).json().Items.map((r: { Name: string }) => r.Name)).toEqual(['STANDARD_BUSINESS_HOURS']);
    const page = (await get('/api/appsettings?page=2&pageSize=1&sorts=Name&cols=Name&pageId=2')).json();
    expect(page).toMatchObject({ TotalCount: 2, Items: [{ Name: 'STANDARD_BUSINESS_HOURS' }] });
    expect(page.Items[0]).not.toHaveProperty('Description');
  });

  it('is only for holders of ApplicationSettings', async () => {
    for (const res of [await get('/api/appsettings', clerk), await get(`/api/appsettings/${hoursId}`, clerk), await save(hoursId, {}, clerk), await get('/api/clientsettings', clerk)]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('reads a setting with its items, their rules and its time zone; a missing id or setting is refused', async () => {
    const hours = await read(hoursId);
    expect(hours).toMatchObject({ Name: 'STANDARD_BUSINESS_HOURS', TimeZone: expect.any(Number), EmbeddedScreen: null });
    expect(itemsOf(hours)).toEqual({ START_HOURS: '8', START_MINUTES: '0', END_HOURS: '17', END_MINUTES: '0', Offset: '-05:00' });
    expect(hours.ConfigItems[0]).toMatchObject({ Name: 'Start Hours', SysType: 'Int32', FieldMessage: businessDay, FormItemValidationConfig: { minimum: 0, maximum: 23 } });
    expect(await read(clientId)).toMatchObject({ TimeZone: null, EmbeddedScreen: 'clientsettings', ConfigItems: [] });
    expect((await get('/api/appsettings/0')).json()).toEqual([expect.objectContaining({ ErrorMessage: 'No id was provided.' })]);
    expect((await get('/api/appsettings/999')).statusCode).toBe(404);
  });

  it('saves business hours and the time zone: Offset follows the zone, Name and Description stay as they are', async () => {
    const pacific = (await get('/api/lookups/time-zones?search=Pacific')).json()[0];
    expect(pacific).toMatchObject({ Name: '(UTC-08:00) Pacific Time (US & Canada)', Offset: '-08:00' });
    const res = await save(hoursId, withItems(await read(hoursId), { START_HOURS: '9', START_MINUTES: '30', END_HOURS: '9', END_MINUTES: '45', Offset: '+09:00' }, { TimeZone: pacific.Id, Name: 'RENAMED', Description: 'Changed' }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = await read(hoursId);
    expect(saved).toMatchObject({ Name: 'STANDARD_BUSINESS_HOURS', TimeZone: pacific.Id, ModifiedBy: 'admin' });
    expect(saved.Description).not.toBe('Changed');
    expect(itemsOf(saved)).toEqual({ START_HOURS: '9', START_MINUTES: '30', END_HOURS: '9', END_MINUTES: '45', Offset: '-08:00' });
  });

  it("refuses a start at or after the end with the specification's message, writing nothing", async () => {
    const before = await read(hoursId);
    for (const [sh, sm, eh, em] of [['18', '0', '17', '0'], ['9', '45', '9', '45'], ['9', '50', '9', '45']]) {
      const res = await save(hoursId, withItems(before, { START_HOURS: sh, START_MINUTES: sm, END_HOURS: eh, END_MINUTES: em }));
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([['ConfigItems.START_HOURS', businessDay]]);
    }
    expect(itemsOf(await read(hoursId))).toEqual(itemsOf(before));
  });

  it('holds hours to 0..23, minutes to 0..59, every item to being filled and typed, and requires the time zone', async () => {
    const s = await read(hoursId);
    expect(errorsOf(await save(hoursId, withItems(s, { START_HOURS: '-1', END_HOURS: '24' })))).toEqual([
      ['ConfigItems.START_HOURS', 'Must be greater than or equal to 0.'], ['ConfigItems.END_HOURS', 'Must be less than or equal to 23.']]);
    expect(errorsOf(await save(hoursId, withItems(s, { START_MINUTES: '60', END_MINUTES: 'soon' })))).toEqual([
      ['ConfigItems.START_MINUTES', 'Must be less than or equal to 59.'], ['ConfigItems.END_MINUTES', 'End Minutes must be a whole number.']]);
    expect(errorsOf(await save(hoursId, withItems(s, { END_HOURS: null })))).toEqual([['ConfigItems.END_HOURS', 'End Hours is required.']]);
    expect(errorsOf(await save(hoursId, { ...s, TimeZone: -1 }))).toEqual([['TimeZone', 'Time Zone is required.']]);
  });

  describe('a setting of text items', () => {
    let textId: number;
    beforeAll(async () => {
      const [{ ConfigId: id }] = await t.app.db('app_settings').insert({ Name: 'NOTIFICATION_SENDERS', Description: 'Who notices come from.' }).returning('ConfigId');
      textId = id;
      await t.app.db('app_setting_items').insert([
        { ConfigId: id, Name: 'Primary Sender', StaticName: 'PRIMARY', AttributeValue: 'a@example.org', SysType: 'String', SortOrder: 1 },
        { ConfigId: id, Name: 'Backup Sender', StaticName: 'BACKUP', AttributeValue: 'b@example.org', SysType: 'String', SortOrder: 2 },
      ]);
    });

    it('keeps each value within 250 characters', async () => {
      const s = await read(textId);
      expect(errorsOf(await save(textId, withItems(s, { PRIMARY: 'x'.repeat(251) })))).toEqual([['ConfigItems.PRIMARY', textMaximum]]);
      expect((await save(textId, withItems(s, { PRIMARY: 'x'.repeat(250) }))).statusCode).toBe(200);
    });

    it("turns a unique violation into error code 2627, 'Multiple Configuration Items cannot have the same value.', writing nothing", async () => {
      // Items whose values must differ are declared by a unique index, as a deployment would add one.
      await t.app.db.raw(`create unique index app_setting_items_distinct_senders on app_setting_items (config_id, attribute_value) where config_id = ${textId}`);
      const s = await read(textId);
      const res = await save(textId, withItems(s, { PRIMARY: 'same@example.org', BACKUP: 'same@example.org' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Multiple Configuration Items cannot have the same value.', ErrorCode: 2627 }]);
      expect(itemsOf(await read(textId))).toEqual(itemsOf(s));
    });
  });
});
