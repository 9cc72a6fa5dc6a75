import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { person } from './access-fixtures.ts';

type Method = 'GET' | 'POST';
const password = 'Passw0rd1';
const unknownId = 987654;
const lockHeaderNames = ['recordlockid', 'recordlockduration', 'recordlockmessage', 'lockedrecordids', 'recordlockholder', 'recordlockexpires', 'recordversion'];

/** A lockable screen whose records have a row rule: where its records are read, the held call's domain, and the record. */
interface Screen { name: string; read: string; domain: string; id: number }

/**
 * Issue 27.5: a record the user may not read (another's, without 'View All Records'; or one of a module the user lacks)
 * looks exactly like one that does not exist on every route, locks included: a read for update answers the same status,
 * body and headers (no recordlock* naming the holder), and the held call does not list it.
 */
describe.each(databases)('locks tell nothing of records one may not read, on %s', (kind) => {
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });
  let admin: SignedIn;
  let clerk: SignedIn;
  let seer: SignedIn;
  let outsider: SignedIn;
  const screens: Screen[] = [];
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  async function post(url: string, body: object): Promise<Record<string, number>> {
    const res = await as(admin, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    const formId = (await post('/api/forms', { Name: 'Secrets', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId: formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    const pageId = (await post('/api/pages', {
      Name: 'Secret Page', Description: null, PermissionsDisplayName: 'Secret Page', FormId: formId, ParentPageId: null,
      Controller: null, ViewPath: 'hidden/index', Route: '/hidden-things', Action: null, Target: 'self', IsActive: true,
    })).PageId;
    const pageFieldId = (await post('/api/pagefields', { PageId: pageId, FieldType: 'text', Name: 'Banner', IsActive: true, SortOrder: 1, AttributeValues: {} })).PageFieldId;
    const recordId = (await post(`/api/forms/${formId}/records`, { Title: 'Hidden' })).RecordId;
    const userId = (await post('/api/users', person('Olga'))).UserId;
    screens.push(
      { name: 'users', read: '/api/users', domain: 'users', id: userId },
      { name: 'forms', read: '/api/forms', domain: 'forms', id: formId },
      { name: 'pages', read: '/api/pages', domain: 'pages', id: pageId },
      { name: 'page fields', read: '/api/pagefields', domain: 'pagefields', id: pageFieldId },
      { name: "a built form's records", read: `/api/forms/${formId}/records`, domain: `form-${formId}`, id: recordId },
      { name: "a page's records", read: `/api/pages/${pageId}/records`, domain: `page-${pageId}`, id: recordId },
    );
    const modules = ['RegisterUser', 'FormManagement', 'PageManagement', 'PageField', `Form${formId}`, `Page${pageId}`];
    // The clerk holds every module (RegisterUser too, so a lock's holder could be named) but reaches only their own records.
    const clerks = await addRole(t.app, 'Own Records Clerks');
    const seers = await addRole(t.app, 'Every Record Clerks');
    for (const module of modules) {
      await grantModule(t.app, clerks, module);
      await grantModule(t.app, seers, module, true);
    }
    await addUser(t.app, { UserName: 'clerk', Password: password, RoleIds: [clerks] });
    await addUser(t.app, { UserName: 'seer', Password: password, RoleIds: [seers] });
    await addUser(t.app, { UserName: 'outsider', Password: password, RoleIds: [] });
    clerk = await signIn(t.app, 'clerk', password);
    seer = await signIn(t.app, 'seer', password);
    outsider = await signIn(t.app, 'outsider', password);
    // The administrator holds every record's lock.
    for (const screen of screens.filter((s) => s.domain !== `page-${pageId}`)) {
      const read = await readForUpdate(t.app, admin, `${screen.read}/${screen.id}`);
      expect(read.headers.recordlockid, screen.name).toBeTruthy();
    }
  });

  const lockRead = (who: SignedIn, screen: Screen, id: number) => injectAs(t.app, who, { method: 'GET', url: `${screen.read}/${id}?lock=true` });
  const lockHeadersOf = (res: { headers: Record<string, unknown> }) => Object.fromEntries(lockHeaderNames.filter((h) => h in res.headers).map((h) => [h, res.headers[h]]));
  const held = (who: SignedIn, screen: Screen) => injectAs(t.app, who, { method: 'GET', url: `/api/record-locks/held/${screen.domain}?ids=${screen.id},${unknownId}` });

  it('one who may read every record is told who holds the lock, and the held call lists it (the lock is there to hide)', async () => {
    for (const screen of screens) {
      const res = await lockRead(seer, screen, screen.id);
      expect(res.statusCode, `${screen.name}: ${res.body}`).toBe(200);
      expect(res.headers.lockedrecordids, screen.name).toBe(JSON.stringify([screen.id]));
      expect(decodeURIComponent(String(res.headers.recordlockholder)), screen.name).toContain('admin');
      expect((await held(seer, screen)).json(), screen.name).toEqual({ LockedIds: [screen.id] });
    }
  });

  it("another's record read for update without 'View All Records' answers exactly as an id that does not exist", async () => {
    for (const screen of screens) {
      const hidden = await lockRead(clerk, screen, screen.id);
      const missing = await lockRead(clerk, screen, unknownId);
      expect(missing.statusCode, screen.name).toBe(404);
      expect(hidden.statusCode, screen.name).toBe(missing.statusCode);
      expect(hidden.body, screen.name).toBe(missing.body);
      expect(lockHeadersOf(hidden), screen.name).toEqual({});
      expect(lockHeadersOf(missing), screen.name).toEqual({});
    }
  });

  it("the held call does not list another's record locked to one without 'View All Records'", async () => {
    for (const screen of screens) {
      const res = await held(clerk, screen);
      expect(res.statusCode, `${screen.name}: ${res.body}`).toBe(200);
      expect(res.json(), screen.name).toEqual({ LockedIds: [] });
    }
  });

  it("a record of a module the user lacks answers as an id that does not exist, and the held call is refused alike", async () => {
    for (const screen of screens) {
      const hidden = await lockRead(outsider, screen, screen.id);
      const missing = await lockRead(outsider, screen, unknownId);
      expect(hidden.statusCode, screen.name).toBe(403);
      expect([hidden.statusCode, hidden.body, lockHeadersOf(hidden)], screen.name).toEqual([missing.statusCode, missing.body, lockHeadersOf(missing)]);
      expect(lockHeadersOf(hidden), screen.name).toEqual({});
      expect((await held(outsider, screen)).statusCode, screen.name).toBe(403);
    }
  });
});
