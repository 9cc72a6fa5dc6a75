import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule, pause } from './account-fixtures.ts';
import { readForUpdate } from './record-lock-fixtures.ts';
import { lockMessages } from '../../server/modules/locks/store.ts';
import { buildApp } from '../../server/app.ts';

const lockSeconds = 3;
const password = 'Passw0rd1';
const roleBody = (Name: string, more: Record<string, unknown> = {}) => ({
  Name, Description: `${Name} role`, UserCountLimit: 0, MaxNumberOfConcurrentUsers: 0, IsActive: true, IsAvailSelfReg: false, Permissions: [], ...more,
});
const errorOf = (body: string) => (JSON.parse(body) as Array<{ ErrorMessage: string; ErrorCode: unknown }>)[0];

/**
 * Spec 2 "Record lock lifecycle" on one server process, through the generic CRUD (roles): a read for update takes the
 * lock and answers its headers, a second reader is told who holds it, a write needs the lock and the version it was
 * read at, locks are renewed, released and expire, a session's end frees them, and an administrator can free one.
 */
describe.each(databases)('record locks on %s', (kind) => {
  const t = useTestApp(kind, { recordLockSeconds: lockSeconds, sessionMode: 'UNLIMITED' });
  let admin: SignedIn;
  let editor: SignedIn;
  let viewer: SignedIn;
  let roleId: number;
  const url = () => `/api/roles/${roleId}`;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', path: string, headers: Record<string, string> = {}, payload?: object) =>
    injectAs(t.app, who, { method, url: path, headers, ...(payload ? { payload } : {}) });
  const stored = async () => t.app.db('roles').where({ RoleId: roleId }).first('Description', 'RowVersion', 'IsActive');

  beforeAll(async () => {
    admin = await signIn(t.app);
    // Editors hold Role (they edit roles) and RegisterUser (so they may know who holds a lock); viewers only Role.
    const editors = await addRole(t.app, 'Lock Editors');
    await grantModule(t.app, editors, 'Role', true);
    await grantModule(t.app, editors, 'RegisterUser', true);
    const viewers = await addRole(t.app, 'Lock Viewers');
    await grantModule(t.app, viewers, 'Role', true);
    await addUser(t.app, { UserName: 'editor', Password: password, RoleIds: [editors] });
    await addUser(t.app, { UserName: 'viewer', Password: password, RoleIds: [viewers] });
    editor = await signIn(t.app, 'editor', password);
    viewer = await signIn(t.app, 'viewer', password);
  });

  async function newRole(Name: string): Promise<number> {
    // Creating a record needs no lock.
    const res = await as(admin, 'POST', '/api/roles', {}, roleBody(Name));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().RoleId;
  }

  it('a read for update takes the lock and answers recordlockid, recordlockduration, recordlockmessage, lockedrecordids and the version', async () => {
    roleId = await newRole('Locked Role');
    const res = await as(editor, 'GET', `${url()}?lock=true`, { 'x-window-id': 'w1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.recordlockid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.recordlockduration).toBe(String(lockSeconds));
    expect(res.headers.recordlockmessage).toBe('');
    expect(res.headers.lockedrecordids).toBe('[]');
    expect(res.headers.recordversion).toBe('1');
    const row = await t.app.db('record_locks').where({ Domain: 'roles', DomainId: roleId }).first();
    expect(row).toMatchObject({ LockId: res.headers.recordlockid, WindowId: 'w1' });
    // A plain read takes no lock.
    const plain = await as(admin, 'GET', url());
    expect(plain.headers.recordlockid).toBeUndefined();
    expect(plain.headers.recordversion).toBe('1');
  });

  it('a second user gets no lock, the record in lockedrecordids and who holds it until when; the same user elsewhere the different-window message', async () => {
    await as(editor, 'GET', `${url()}?lock=true`, { 'x-window-id': 'w1' });
    const second = await as(admin, 'GET', `${url()}?lock=true`);
    expect(second.statusCode).toBe(200);
    expect(second.headers.recordlockid).toBeUndefined();
    expect(JSON.parse(String(second.headers.lockedrecordids))).toEqual([roleId]);
    expect(second.headers.recordlockmessage).toMatch(/^This role is locked by Firsteditor Lasteditor \(editor\) until \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\./);
    expect(decodeURIComponent(String(second.headers.recordlockholder))).toBe('Firsteditor Lasteditor (editor)');
    expect(new Date(String(second.headers.recordlockexpires)).getTime()).toBeGreaterThan(Date.now());
    // A reader who may not know users is not told who.
    const anonymous = await as(viewer, 'GET', `${url()}?lock=true`);
    expect(anonymous.headers.recordlockmessage).toMatch(/^This role is locked by another user until/);
    expect(anonymous.headers.recordlockholder).toBe('another%20user');
    // The same user in another window of the same session, or in another session.
    const otherWindow = await as(editor, 'GET', `${url()}?lock=true`, { 'x-window-id': 'w2' });
    expect(otherWindow.headers.recordlockid).toBeUndefined();
    expect(otherWindow.headers.recordlockmessage).toBe(lockMessages.otherWindow('role'));
    const elsewhere = await signIn(t.app, 'editor', password);
    expect((await as(elsewhere, 'GET', `${url()}?lock=true`, { 'x-window-id': 'w1' })).headers.recordlockmessage).toBe(lockMessages.otherWindow('role'));
    // The window holding it reads again: a new lock id (the old one is no more).
    const again = await readForUpdate(t.app, editor, url(), 'w1');
    expect(again.headers.recordlockid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a write without the lock is refused with 'Invalid Lock' and changes nothing", async () => {
    const held = await readForUpdate(t.app, editor, url(), 'w1');
    const before = await stored();
    const audits = async () => (await t.app.db('audit_entries').where({ Entity: 'roles', RecordId: roleId }).count({ n: '*' }))[0].n;
    const auditsBefore = await audits();
    const version = { recordversion: String(before.RowVersion) };
    const attempts = [
      // No lock at all, a lock id that is none, and the holder's own lock id sent from another session.
      await as(admin, 'POST', url(), version, roleBody('Locked Role', { Description: 'by admin' })),
      await as(admin, 'POST', url(), { ...version, recordlockid: '00000000-0000-4000-8000-000000000000' }, roleBody('Locked Role', { Description: 'by admin' })),
      await as(admin, 'POST', url(), { ...version, recordlockid: held.headers.recordlockid }, roleBody('Locked Role', { Description: 'by admin' })),
      await as(admin, 'POST', `${url()}/deactivate`, { ...version, recordlockid: 'not-a-lock' }),
      await as(admin, 'DELETE', url(), version),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res.body)).toMatchObject({ ErrorMessage: 'Invalid Lock', ErrorCode: 'InvalidLock' });
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it('the holder saves with the version it read; a stale version is refused naming who changed it and when; no version is refused', async () => {
    const held = await readForUpdate(t.app, editor, url(), 'w1');
    const saved = await as(editor, 'POST', url(), held.headers, roleBody('Locked Role', { Description: 'first' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Number(saved.headers.recordversion)).toBe(Number(held.headers.recordversion) + 1);
    // The same write again (a second click, a retry): refused, not applied twice.
    const twice = await as(editor, 'POST', url(), held.headers, roleBody('Locked Role', { Description: 'second' }));
    expect(twice.statusCode, twice.body).toBe(409);
    expect(errorOf(twice.body).ErrorCode).toBe('VersionConflict');
    expect(errorOf(twice.body).ErrorMessage).toMatch(/^This role was changed by editor on \d\d\/\d\d\/\d{4} \d\d:\d\d UTC after you opened it, so your changes were not saved\./);
    const noVersion = await as(editor, 'POST', url(), { recordlockid: held.headers.recordlockid }, roleBody('Locked Role', { Description: 'third' }));
    expect(noVersion.statusCode).toBe(400);
    expect(errorOf(noVersion.body).ErrorCode).toBe('VersionMissing');
    expect((await stored()).Description).toBe('first');
    // With the version the save answered, the next save goes through.
    const next = await as(editor, 'POST', url(), { recordlockid: held.headers.recordlockid, recordversion: String(saved.headers.recordversion) }, roleBody('Locked Role', { Description: 'fourth' }));
    expect(next.statusCode, next.body).toBe(200);
  });

  it('renew answers RecordLockId and LockDuration; only the holding session renews or releases; a released record can be locked by another', async () => {
    const held = await readForUpdate(t.app, editor, url(), 'w1');
    const lockId = held.headers.recordlockid;
    const renewed = await as(editor, 'GET', `/api/record-locks/${lockId}`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toEqual({ RecordLockId: lockId, LockDuration: lockSeconds });
    const stolen = await as(admin, 'GET', `/api/record-locks/${lockId}`);
    expect(stolen.statusCode).toBe(409);
    expect(errorOf(stolen.body).ErrorMessage).toBe('Invalid Lock');
    expect((await as(admin, 'DELETE', `/api/record-locks/${lockId}`)).statusCode).toBe(204);
    expect((await readForUpdate(t.app, admin, url())).headers.recordlockid).toBeUndefined();
    expect((await as(editor, 'DELETE', `/api/record-locks/${lockId}`)).statusCode).toBe(204);
    expect((await as(editor, 'DELETE', `/api/record-locks/${lockId}`)).statusCode).toBe(204);
    const taken = await readForUpdate(t.app, admin, url());
    expect(taken.headers.recordlockid).toMatch(/^[0-9a-f-]{36}$/);
    await as(admin, 'DELETE', `/api/record-locks/${taken.headers.recordlockid}`);
  });

  it('a lock expires after its duration unless renewed: then its writes are refused and another user can take it', async () => {
    const held = await readForUpdate(t.app, editor, url(), 'w1');
    await pause(lockSeconds * 500);
    expect((await as(editor, 'GET', `/api/record-locks/${held.headers.recordlockid}`)).statusCode).toBe(200);
    await pause(lockSeconds * 600);
    // Renewed half-way: still held past the first duration.
    expect((await readForUpdate(t.app, admin, url())).headers.recordlockid).toBeUndefined();
    await pause(lockSeconds * 500);
    const late = await as(editor, 'POST', url(), held.headers, roleBody('Locked Role', { Description: 'too late' }));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late.body).ErrorMessage).toBe('Invalid Lock');
    expect((await as(editor, 'GET', `/api/record-locks/${held.headers.recordlockid}`)).statusCode).toBe(409);
    const taken = await readForUpdate(t.app, admin, url());
    expect(taken.headers.recordlockid).toMatch(/^[0-9a-f-]{36}$/);
    await as(admin, 'DELETE', `/api/record-locks/${taken.headers.recordlockid}`);
  });

  it('a list names the rows others hold locked (not this window\'s own), and the held call says when they are released', async () => {
    const held = await readForUpdate(t.app, editor, url(), 'w1');
    const listed = async (who: SignedIn, windowId?: string) =>
      JSON.parse(String((await as(who, 'GET', '/api/roles?page=1&pageSize=100', windowId ? { 'x-window-id': windowId } : {})).headers.lockedrecordids)) as number[];
    // The page and its rows' locks are one statement: no query of the locks of its own.
    const statements: string[] = [];
    const capture = (q: { sql: string }) => statements.push(q.sql);
    t.app.db.on('query', capture);
    try {
      expect(await listed(admin)).toEqual([roleId]);
    } finally {
      t.app.db.off('query', capture);
    }
    expect(statements.filter((sql) => sql.includes('record_locks'))).toEqual([expect.stringContaining('page_rows')]);
    expect(await listed(editor, 'w1')).toEqual([]);
    expect(await listed(editor, 'w2')).toEqual([roleId]);
    const stillHeld = async () => (await as(admin, 'GET', `/api/record-locks/held/roles?ids=${roleId},999999`)).json().LockedIds as number[];
    expect(await stillHeld()).toEqual([roleId]);
    await as(editor, 'DELETE', `/api/record-locks/${held.headers.recordlockid}`);
    expect(await stillHeld()).toEqual([]);
    expect(await listed(admin)).toEqual([]);
  });

  it("a session's end frees its locks: signed out, or ended by an administrator", async () => {
    const session = await signIn(t.app, 'editor', password);
    await readForUpdate(t.app, session, url(), 'w9');
    expect((await readForUpdate(t.app, admin, url())).headers.recordlockid).toBeUndefined();
    expect((await as(session, 'POST', '/api/logout')).statusCode).toBe(204);
    const taken = await readForUpdate(t.app, admin, url());
    expect(taken.headers.recordlockid).toBeTruthy();
    await as(admin, 'DELETE', `/api/record-locks/${taken.headers.recordlockid}`);

    const terminated = await signIn(t.app, 'editor', password);
    await readForUpdate(t.app, terminated, url(), 'w9');
    const end = await as(admin, 'POST', '/api/Session/TerminateMany', {}, { SessionIds: [terminated.sessionId], UserIds: [], TimeDelay: 0 });
    expect(end.statusCode, end.body).toBeLessThan(300);
    const after = await readForUpdate(t.app, admin, url());
    expect(after.headers.recordlockid).toBeTruthy();
    await as(admin, 'DELETE', `/api/record-locks/${after.headers.recordlockid}`);
  });

  it("an administrator (module RecordLocks) sees the locks held now and releases one; domain ids must be numeric ('Invalid Domain Id')", async () => {
    const held = await readForUpdate(t.app, editor, url(), 'w1');
    const locks = await as(admin, 'GET', '/api/record-locks');
    expect(locks.statusCode, locks.body).toBe(200);
    expect(locks.json()).toContainEqual(expect.objectContaining({ Domain: 'roles', DomainId: roleId, RecordLabel: 'Role', UserName: 'editor' }));
    expect((await as(editor, 'GET', '/api/record-locks')).statusCode).toBe(403);
    const invalid = await as(admin, 'DELETE', '/api/record-locks/roles/abc');
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid.body).ErrorMessage).toBe('Invalid Domain Id');
    expect(errorOf((await as(admin, 'GET', '/api/record-locks/held/roles?ids=1,x')).body).ErrorMessage).toBe('Invalid Domain Id');
    expect((await as(admin, 'DELETE', `/api/record-locks/roles/${roleId}`)).statusCode).toBe(204);
    const refused = await as(editor, 'POST', url(), held.headers, roleBody('Locked Role', { Description: 'after release' }));
    expect(errorOf(refused.body).ErrorMessage).toBe('Invalid Lock');
  });

  it('the holder deactivates and deletes with its lock and version', async () => {
    const id = await newRole('Short Lived');
    const held = await readForUpdate(t.app, editor, `/api/roles/${id}`, 'w1');
    const off = await as(editor, 'POST', `/api/roles/${id}/deactivate`, held.headers);
    expect(off.statusCode, off.body).toBe(200);
    const stale = await as(editor, 'DELETE', `/api/roles/${id}`, held.headers);
    expect(errorOf(stale.body).ErrorCode).toBe('VersionConflict');
    const gone = await as(editor, 'DELETE', `/api/roles/${id}`, { ...held.headers, recordversion: String(off.headers.recordversion) });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await t.app.db('roles').where({ RoleId: id }).first()).toBeUndefined();
  });
});

/**
 * Two server processes (two app instances) on one PostgreSQL, as behind a load balancer: a lock taken through one is
 * honoured by the other, renewed and expired across them, and of 50 concurrent writers to one record of a built form,
 * spread over both, exactly the lock holder's write is applied, once.
 */
describe.each(databases.filter((k) => k === 'postgres'))('record locks across two server processes on %s', (kind) => {
  const t = useTestApp(kind, { recordLockSeconds: lockSeconds, sessionMode: 'UNLIMITED' });
  let other: Awaited<ReturnType<typeof buildApp>>;
  let admin: SignedIn;
  let holder: SignedIn;
  let formId: number;
  let recordId: number;
  const rivals: SignedIn[] = [];
  const record = () => `/api/forms/${formId}/records/${recordId}`;
  const on = (app: typeof t.app, who: SignedIn, method: 'GET' | 'POST' | 'DELETE', path: string, headers: Record<string, string> = {}, payload?: object) =>
    injectAs(app, who, { method, url: path, headers, ...(payload ? { payload } : {}) });
  const auditCount = async (action: string) =>
    Number((await t.app.db('audit_entries').where({ Entity: `form-${formId}`, RecordId: recordId, Action: action }).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    other = await buildApp({ ...t.config });
    admin = await signIn(t.app);
    const form = await on(t.app, admin, 'POST', '/api/forms', {}, { Name: 'Lock Race', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
    expect(form.statusCode, form.body).toBe(201);
    formId = form.json().FormId;
    const field = await on(t.app, admin, 'POST', '/api/formfields', {}, {
      FormId: formId, Name: 'Subject', ReportLabelText: 'Subject', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {},
    });
    expect(field.statusCode, field.body).toBe(201);
    const created = await on(other, admin, 'POST', `/api/forms/${formId}/records`, {}, { Subject: 'start' });
    expect(created.statusCode, created.body).toBe(201);
    recordId = created.json().RecordId;
    const clerks = await addRole(t.app, 'Race Clerks');
    await grantModule(t.app, clerks, `Form${formId}`, true);
    await addUser(t.app, { UserName: 'holder', Password: password, RoleIds: [clerks] });
    holder = await signIn(t.app, 'holder', password);
    // 49 rivals: seven users, seven sessions each, signed in through either process.
    for (let u = 0; u < 7; u++) {
      await addUser(t.app, { UserName: `rival${u}`, Password: password, RoleIds: [clerks] });
      for (let s = 0; s < 7; s++) rivals.push(await signIn(s % 2 ? other : t.app, `rival${u}`, password));
    }
  }, 120_000);
  afterAll(async () => other?.close());

  it('a lock taken through one process is honoured, renewed, released and expires through the other', async () => {
    const held = await readForUpdate(t.app, holder, record(), 'tab');
    expect(held.headers.recordlockid).toBeTruthy();
    const refused = await readForUpdate(other, admin, record());
    expect(refused.headers.recordlockid).toBeUndefined();
    expect(refused.message).toMatch(/^This .* is locked by /);
    expect((await on(other, holder, 'GET', `/api/record-locks/${held.headers.recordlockid}`)).statusCode).toBe(200);
    const saved = await on(other, holder, 'POST', record(), held.headers, { Subject: 'through the other' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await on(t.app, holder, 'DELETE', `/api/record-locks/${held.headers.recordlockid}`)).statusCode).toBe(204);
    const taken = await readForUpdate(other, admin, record());
    expect(taken.headers.recordlockid).toBeTruthy();
    // Not renewed: after its duration the other process gives it to someone else, and its holder's write is refused.
    await pause(lockSeconds * 1000 + 300);
    const next = await readForUpdate(t.app, holder, record(), 'tab');
    expect(next.headers.recordlockid).toBeTruthy();
    const late = await on(other, admin, 'POST', record(), taken.headers, { Subject: 'too late' });
    expect(errorOf(late.body).ErrorMessage).toBe('Invalid Lock');
    await on(t.app, holder, 'DELETE', `/api/record-locks/${next.headers.recordlockid}`);
  });

  it('50 concurrent writers through both processes: exactly the holder\'s write succeeds, every other is refused, none is lost or applied twice', async () => {
    const held = await readForUpdate(t.app, holder, record(), 'tab');
    const updatesBefore = await auditCount('update');
    const versionBefore = Number(held.headers.recordversion);
    // Each rival reads for update too (and is refused the lock), then writes with what it has: no lock, a made-up one, or the holder's.
    const rivalHeaders = await Promise.all(rivals.map(async (rival, i) => {
      const read = await readForUpdate(i % 2 ? other : t.app, rival, record(), `rival-tab-${i}`);
      expect(read.headers.recordlockid).toBeUndefined();
      const lock: Record<string, string> = [{}, { recordlockid: '11111111-1111-4111-8111-111111111111' }, { recordlockid: held.headers.recordlockid }][i % 3];
      return { recordversion: read.headers.recordversion, ...lock };
    }));
    const writes = [
      on(other, holder, 'POST', record(), held.headers, { Subject: 'the holder' }),
      ...rivals.map((rival, i) => on(i % 2 ? t.app : other, rival, 'POST', record(), rivalHeaders[i], { Subject: `rival ${i}` })),
    ];
    const answers = await Promise.all(writes);
    expect(answers[0].statusCode, answers[0].body).toBe(200);
    const refused = answers.slice(1);
    expect(refused.map((a) => a.statusCode)).toEqual(refused.map(() => 409));
    expect(refused.every((a) => errorOf(a.body).ErrorMessage === 'Invalid Lock')).toBe(true);
    const row = await t.app.db(`form_records_${formId}`).where({ RecordId: recordId }).first('Subject', 'RowVersion');
    expect(row).toEqual({ Subject: 'the holder', RowVersion: versionBefore + 1 });
    expect(await auditCount('update')).toBe(updatesBefore + 1);

    // The holder's own write sent ten times at once (double clicks, retries) through both processes: applied once.
    const version = { recordlockid: held.headers.recordlockid, recordversion: String(versionBefore + 1) };
    const repeats = await Promise.all(Array.from({ length: 10 }, (_, i) => on(i % 2 ? other : t.app, holder, 'POST', record(), version, { Subject: `repeat ${i}` })));
    expect(repeats.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const conflicts = repeats.filter((a) => a.statusCode !== 200);
    expect(conflicts.every((a) => a.statusCode === 409 && errorOf(a.body).ErrorCode === 'VersionConflict')).toBe(true);
    expect((await t.app.db(`form_records_${formId}`).where({ RecordId: recordId }).first('RowVersion')).RowVersion).toBe(versionBefore + 2);
    expect(await auditCount('update')).toBe(updatesBefore + 2);
    await on(t.app, holder, 'DELETE', `/api/record-locks/${held.headers.recordlockid}`);
  });
});
