import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { readForUpdate } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { lockMessages } from '../../server/modules/locks/store.ts';

const password = 'Passw0rd1';
const errorOf = (body: string) => (JSON.parse(body) as Array<{ ErrorMessage: string; ErrorCode: string }>)[0];

/**
 * Issue 32 with spec 2 "Record lock lifecycle": changing or deleting a home widget, and arranging a role's home, take
 * the record lock as every other editor does. A second administrator opening what the first holds is told who holds it
 * and until when, and the server refuses their save ('Invalid Lock'), however it is sent.
 */
describe.each(databases)('widget edits and arrangements take the record lock, on %s', (kind) => {
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });
  let admin: SignedIn;
  let ada: SignedIn;
  let clerks: number;
  let first: number;
  let second: number;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
    injectAs(t.app, who, { method, url, headers, payload });
  const links = (Title: string) => ({ Kind: 'links', Title, Options: { Links: [{ Title: 'Home', Url: '/home' }] }, Placements: [{ RoleId: clerks, Size: 'medium' }] });
  const storedTitle = async (id: number) => (await t.app.db('widgets').where({ WidgetId: id }).first('Title'))?.Title as string | undefined;
  const storedOrder = async () => (await t.app.db('widget_placements').where({ RoleId: clerks }).orderBy('SortOrder').select('WidgetId')).map((p: { WidgetId: number }) => p.WidgetId);
  const release = (who: SignedIn, lockId: string) => as(who, 'DELETE', `/api/record-locks/${lockId}`);

  beforeAll(async () => {
    admin = await signIn(t.app);
    // Ada is a second administrator of widgets, who may also read users (so she is told who holds a lock).
    const managers = await addRole(t.app, 'Widget Managers');
    for (const module of ['WidgetManager', 'RegisterUser']) await grantModule(t.app, managers, module);
    await addUser(t.app, { UserName: 'ada', Password: password, RoleIds: [managers] });
    ada = await signIn(t.app, 'ada', password);
    clerks = await addRole(t.app, 'Clerk');
    for (const title of ['First', 'Second']) {
      const made = await as(admin, 'POST', '/api/widgets', {}, links(title));
      expect(made.statusCode, made.body).toBe(201);
    }
    [first, second] = await storedOrder();
  });

  it('a second administrator opening a widget the first is editing sees it locked by the first, and cannot save or delete it', async () => {
    const mine = await readForUpdate(t.app, admin, `/api/widgets/${first}`);
    expect(mine.status).toBe(200);
    expect(mine.record).toMatchObject({ WidgetId: first, Title: 'First', Placements: [{ RoleId: clerks, RoleName: 'Clerk', Size: 'medium' }] });
    expect(mine.headers.recordlockid).toBeTruthy();

    const hers = await as(ada, 'GET', `/api/widgets/${first}?lock=true`);
    expect(hers.statusCode).toBe(200);
    expect(hers.json().Title).toBe('First');
    expect(hers.headers.recordlockid).toBeUndefined();
    expect(hers.headers.lockedrecordids).toBe(JSON.stringify([first]));
    expect(hers.headers.recordlockmessage).toMatch(/^This widget is locked by .*\(admin\) until \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\. You may view it, but you will not be able to make changes\.$/);

    // Refused without a lock, and with the first administrator's lock id (it is not her session's).
    for (const headers of [{}, { recordlockid: mine.headers.recordlockid }] as Array<Record<string, string>>) {
      const save = await as(ada, 'POST', `/api/widgets/${first}`, headers, links('Hers'));
      expect(save.statusCode, save.body).toBe(409);
      expect(errorOf(save.body)).toMatchObject({ ErrorMessage: lockMessages.invalidLock, ErrorCode: 'InvalidLock' });
      expect((await as(ada, 'DELETE', `/api/widgets/${first}`, headers)).statusCode).toBe(409);
    }
    expect(await storedTitle(first)).toBe('First');

    // The holder saves; once the lock is given back, the second administrator gets it.
    const saved = await as(admin, 'POST', `/api/widgets/${first}`, { recordlockid: mine.headers.recordlockid }, links('Renamed'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedTitle(first)).toBe('Renamed');
    await release(admin, mine.headers.recordlockid);
    const now = await readForUpdate(t.app, ada, `/api/widgets/${first}`);
    expect(now.headers.recordlockid).toBeTruthy();
    expect((await as(ada, 'DELETE', `/api/widgets/${first}`, { recordlockid: now.headers.recordlockid })).statusCode).toBe(204);
    expect(await storedTitle(first)).toBeUndefined();
  });

  it('a save or a delete without the lock is refused even when no one else holds it, and a widget that does not exist is 404', async () => {
    const save = await as(admin, 'POST', `/api/widgets/${second}`, {}, links('Unlocked'));
    expect(save.statusCode).toBe(409);
    expect(errorOf(save.body).ErrorMessage).toBe(lockMessages.invalidLock);
    expect((await as(admin, 'DELETE', `/api/widgets/${second}`)).statusCode).toBe(409);
    expect(await storedTitle(second)).toBe('Second');
    const none = await as(admin, 'GET', '/api/widgets/987654?lock=true');
    expect(none.statusCode).toBe(404);
    expect(none.headers.recordlockid).toBeUndefined();
    expect((await as(admin, 'POST', '/api/widgets/987654', {}, links('Ghost'))).statusCode).toBe(404);
  });

  it("arranging a role's home takes that home's lock: another administrator sees it locked, and her arrangement is refused", async () => {
    const made = await as(admin, 'POST', '/api/widgets', {}, links('Third'));
    const third = made.json().WidgetId as number;
    const before = await storedOrder();
    expect(before).toEqual([second, third]);
    const mine = await readForUpdate(t.app, admin, `/api/widgets/arrangement?roleId=${clerks}`);
    expect(mine.headers.recordlockid).toBeTruthy();
    expect((mine.record as unknown as Array<{ WidgetId: number }>).map((w) => w.WidgetId)).toEqual(before);

    const hers = await as(ada, 'GET', `/api/widgets/arrangement?roleId=${clerks}&lock=true`);
    expect(hers.statusCode).toBe(200);
    expect(hers.headers.recordlockid).toBeUndefined();
    expect(hers.headers.recordlockmessage).toMatch(/^This role's home is locked by .*\(admin\) until .*You may view it, but you will not be able to make changes\.$/);
    const refused = await as(ada, 'POST', '/api/widgets/arrange', {}, { RoleId: clerks, WidgetIds: [third, second] });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.body).ErrorCode).toBe('InvalidLock');
    expect(await storedOrder()).toEqual(before);

    // Another role's home is another lock: arranging it is not held up.
    const other = await readForUpdate(t.app, ada, '/api/widgets/arrangement?roleId=1');
    expect(other.headers.recordlockid).toBeTruthy();
    await release(ada, other.headers.recordlockid);

    const arranged = await as(admin, 'POST', '/api/widgets/arrange', { recordlockid: mine.headers.recordlockid }, { RoleId: clerks, WidgetIds: [third, second] });
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(await storedOrder()).toEqual([third, second]);
    expect((await as(admin, 'GET', '/api/widgets/arrangement?roleId=987654&lock=true')).statusCode).toBe(404);
  });
});
