import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { grantNodes, nodeId } from './access-fixtures.ts';
import { readForUpdate } from './record-lock-fixtures.ts';
import { lockMessages } from '../../server/modules/locks/store.ts';

type Row = Record<string, unknown>;
const password = 'Passw0rd1';
const errorOf = (body: string) => (JSON.parse(body) as Array<{ PropertyName: unknown; ErrorMessage: string; ErrorCode: unknown }>)[0];

/** A kind of record with the lock lifecycle outside the generic CRUD: where it is read and written, and a change to it. */
interface Kind {
  name: string;
  url(): string;
  change(record: Row, n: number): Row;
  /** The stored row: its version and the value the change writes. */
  stored(): Promise<{ RowVersion: number; value: unknown }>;
}

/**
 * Spec 2 "Record lock lifecycle" for the records written outside the generic CRUD (simple lookup items, form fields,
 * application settings, the client settings, Your Account), and who may take a lock at all: only a user who may update
 * or delete the record.
 */
describe.each(databases)('record locks beyond the generic CRUD on %s', (kind) => {
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });
  let admin: SignedIn;
  let keeper: SignedIn;
  let reader: SignedIn;
  let updater: SignedIn;
  let keeperId: number;
  let tableId: number;
  let itemId: number;
  let fieldId: number;
  let hoursId: number;
  let roleId: number;
  const db = () => t.app.db;

  beforeAll(async () => {
    admin = await signIn(t.app);
    // Keepers may change items, fields and settings; readers only see roles and lookup items; updaters may update roles.
    const keepers = await addRole(t.app, 'Keepers');
    for (const module of ['SimpleLookup', 'FormField', 'ApplicationSettings', 'RegisterUser']) await grantModule(t.app, keepers, module, true);
    const readers = await addRole(t.app, 'Readers');
    await grantNodes(t.app, readers, [await nodeId(t.app, 'Role'), await nodeId(t.app, 'SimpleLookup')], true);
    const updaters = await addRole(t.app, 'Updaters');
    await grantNodes(t.app, updaters, [await nodeId(t.app, 'Role'), await nodeId(t.app, 'Role', { type: 'route', name: 'roles.update' })], true);
    keeperId = await addUser(t.app, { UserName: 'keeper', Password: password, RoleIds: [keepers] });
    await addUser(t.app, { UserName: 'reader', Password: password, RoleIds: [readers] });
    await addUser(t.app, { UserName: 'updater', Password: password, RoleIds: [updaters] });
    [keeper, reader, updater] = [await signIn(t.app, 'keeper', password), await signIn(t.app, 'reader', password), await signIn(t.app, 'updater', password)];

    [{ SimpleLookupTableId: tableId }] = await db()('simple_lookup_tables').insert({ SystemName: 'Lock_Sizes', DisplayName: 'Lock Sizes' }).returning('SimpleLookupTableId');
    const item = await injectAs(t.app, admin, { method: 'POST', url: `/api/simple-lookups/${tableId}/items`, payload: { Name: 'Small', Description: null, IsActive: true } });
    itemId = item.json().Id;
    const form = await injectAs(t.app, admin, { method: 'POST', url: '/api/forms', payload: { Name: 'Lock Field Form', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true } });
    const field = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/formfields',
      payload: { FormId: form.json().FormId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} },
    });
    fieldId = field.json().FormFieldId;
    hoursId = (await db()('app_settings').where({ Name: 'STANDARD_BUSINESS_HOURS' }).first('ConfigId')).ConfigId;
    const role = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/roles',
      payload: { Name: 'Locked Role', Description: 'd', UserCountLimit: 0, MaxNumberOfConcurrentUsers: 0, IsActive: true, IsAvailSelfReg: false, Permissions: [] },
    });
    roleId = role.json().RoleId;
  });

  const kinds: Kind[] = [
    {
      name: 'a simple lookup item',
      url: () => `/api/simple-lookups/${tableId}/items/${itemId}`,
      change: (item, n) => ({ Name: `Small ${n}`, Description: item.Description, IsActive: true, SortOrder: item.SortOrder }),
      stored: async () => {
        const row = await db()('simple_lookup_items').where({ SimpleLookupItemId: itemId }).first('RowVersion', 'Name');
        return { RowVersion: row.RowVersion, value: row.Name };
      },
    },
    {
      name: 'a form field',
      url: () => `/api/formfields/${fieldId}`,
      change: (field, n) => ({ ...field, ReportLabelText: `Title ${n}` }),
      stored: async () => {
        const row = await db()('form_fields').where({ FormFieldId: fieldId }).first('RowVersion', 'ReportLabelText');
        return { RowVersion: row.RowVersion, value: row.ReportLabelText };
      },
    },
    {
      name: 'an application setting',
      url: () => `/api/appsettings/${hoursId}`,
      change: (setting, n) => ({
        ...setting,
        ConfigItems: (setting.ConfigItems as Row[]).map((i) => (i.StaticName === 'START_MINUTES' ? { ...i, AttributeValue: String(n) } : i)),
      }),
      stored: async () => {
        const row = await db()('app_settings').where({ ConfigId: hoursId }).first('RowVersion');
        const item = await db()('app_setting_items').where({ ConfigId: hoursId, StaticName: 'START_MINUTES' }).first('AttributeValue');
        return { RowVersion: row.RowVersion, value: item.AttributeValue };
      },
    },
    {
      name: 'the client settings',
      url: () => '/api/clientsettings',
      change: (_settings, n) => ({
        CompanyName: `Acme ${n}`, CompanyWebsite: 'https://acme.example', TimeZone: null, ContactFirstName: 'Ada', ContactLastName: 'Lovelace',
        ContactEmailAddress: 'ada@acme.example', PhoneNumbers: [], Address: null,
      }),
      stored: async () => {
        const row = await db()('client_settings').where({ ClientSettingsId: 1 }).first('RowVersion', 'CompanyName');
        return { RowVersion: row.RowVersion, value: row.CompanyName };
      },
    },
    {
      name: 'Your Account',
      url: () => '/api/youraccount',
      change: (account, n) => ({ ...account, FirstName: `Keeper${n}`, ChangePassword: false }),
      stored: async () => {
        const row = await db()('users').where({ UserId: keeperId }).first('RowVersion', 'FirstName');
        return { RowVersion: row.RowVersion, value: row.FirstName };
      },
    },
  ];

  describe.each(kinds.map((k) => [k.name, k] as const))('%s', (_name, record) => {
    const write = (headers: Record<string, string>, payload: Row) => injectAs(t.app, keeper, { method: 'POST', url: record.url(), headers, payload });

    it('a write without the lock is refused with Invalid Lock (409) and changes nothing', async () => {
      const read = await readForUpdate(t.app, keeper, record.url());
      expect(read.status).toBe(200);
      await injectAs(t.app, keeper, { method: 'DELETE', url: `/api/record-locks/${read.headers.recordlockid}` });
      const before = await record.stored();
      const res = await write({ recordversion: read.headers.recordversion }, record.change(read.record, 1));
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res.body)).toMatchObject({ ErrorMessage: lockMessages.invalidLock, ErrorCode: 'InvalidLock' });
      expect(await record.stored()).toEqual(before);
    });

    it('a read for update takes the lock; a write with it and the version read saves and raises the version; one at a stale version is refused naming who changed it', async () => {
      const read = await readForUpdate(t.app, keeper, record.url(), 'keeper-tab');
      expect(read.headers.recordlockid).toMatch(/^[0-9a-f-]{36}$/);
      const before = await record.stored();
      expect(read.headers.recordversion).toBe(String(before.RowVersion));
      // Another user opening it meanwhile gets no lock, and is told who holds it.
      if (record.name !== 'Your Account') {
        const other = await readForUpdate(t.app, admin, record.url());
        expect(other.headers.recordlockid).toBeUndefined();
        expect(other.message).toMatch(/is locked by Firstkeeper|is locked by Keeper\d? /);
      }

      const saved = await write(read.headers, record.change(read.record, 2));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.headers.recordversion).toBe(String(before.RowVersion + 1));
      const after = await record.stored();
      expect(after.RowVersion).toBe(before.RowVersion + 1);
      expect(after.value).not.toEqual(before.value);

      // The same lock, but the version it was read at is gone: refused, naming who changed it and when.
      const stale = await write(read.headers, record.change(read.record, 3));
      expect(stale.statusCode, stale.body).toBe(409);
      expect(errorOf(stale.body).ErrorCode).toBe('VersionConflict');
      expect(errorOf(stale.body).ErrorMessage).toMatch(/was changed by keeper on \d\d\/\d\d\/\d{4} \d\d:\d\d UTC after you opened it/);
      expect(await record.stored()).toEqual(after);
      await injectAs(t.app, keeper, { method: 'DELETE', url: `/api/record-locks/${read.headers.recordlockid}` });
    });
  });

  it("Your Account is locked as the user's record: while an administrator edits the user, the user's own account is read-only", async () => {
    const held = await readForUpdate(t.app, admin, `/api/users/${keeperId}`);
    expect(held.headers.recordlockid).toBeDefined();
    const own = await readForUpdate(t.app, keeper, '/api/youraccount');
    expect(own.status).toBe(200);
    expect(own.headers.recordlockid).toBeUndefined();
    expect(own.message).toMatch(/^This account is locked by /);
    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/record-locks/${held.headers.recordlockid}` });
  });

  it('a simple lookup item is deleted only with its lock and the version read', async () => {
    const item = await injectAs(t.app, admin, { method: 'POST', url: `/api/simple-lookups/${tableId}/items`, payload: { Name: 'Doomed', Description: null, IsActive: true } });
    const url = `/api/simple-lookups/${tableId}/items/${item.json().Id}`;
    const refused = await injectAs(t.app, keeper, { method: 'DELETE', url, headers: { recordversion: '1' } });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.body).ErrorMessage).toBe(lockMessages.invalidLock);
    const read = await readForUpdate(t.app, keeper, url);
    expect((await injectAs(t.app, keeper, { method: 'DELETE', url, headers: read.headers })).statusCode).toBe(204);
    expect(await db()('simple_lookup_items').where({ SimpleLookupItemId: item.json().Id }).first()).toBeUndefined();
  });

  it('only a user who may update or delete a record may take its lock: one who may only read it is refused (403) and no lock is written', async () => {
    for (const url of [`/api/roles/${roleId}`, `/api/simple-lookups/${tableId}/items/${itemId}`]) {
      const refused = await injectAs(t.app, reader, { method: 'GET', url: `${url}?lock=true` });
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused.body)).toEqual({ PropertyName: null, ErrorMessage: expect.stringMatching(/^You may view this .+ but not change it/), ErrorCode: 'NoChangeAccess' });
      // Reading it plainly is still theirs.
      expect((await injectAs(t.app, reader, { method: 'GET', url })).statusCode).toBe(200);
    }
    expect(await db()('record_locks').where({ Domain: 'roles', DomainId: roleId }).first()).toBeUndefined();
    expect(await db()('record_locks').where({ Domain: 'simplelookups', DomainId: itemId }).first()).toBeUndefined();

    const granted = await readForUpdate(t.app, updater, `/api/roles/${roleId}`);
    expect(granted.headers.recordlockid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db()('record_locks').where({ Domain: 'roles', DomainId: roleId }).first('LockId')).toEqual({ LockId: granted.headers.recordlockid });
  });
});
