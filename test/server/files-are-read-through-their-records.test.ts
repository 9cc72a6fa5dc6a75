import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { samples } from './multipart.ts';
import { writeLocked } from './record-lock-fixtures.ts';
import { dossierModule, dossierRoutes, prepareDossiers, uploaded, userWith, type Stored } from './file-record-fixtures.ts';

const entry = (f: Stored) => ({ Name: f.Name, Description: f.Description, FileName: f.FileName, UserFileName: f.UserFileName, IsActive: true });

// Issue 28, finding 7: a visitor downloaded an administrator's document by its name.
describe.each(databases)('a stored file is read through a record that names it, or by its uploader until one does, on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'files-through-records-'));
  const t = useTestApp(kind, { dataDir }, { routes: [dossierRoutes] });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let admin: SignedIn;
  let visitor: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let manager: SignedIn;

  const download = (who: SignedIn, name: string) => injectAs(t.app, who, { method: 'GET', url: `/api/files/download?fileName=${name}` });
  const verify = async (who: SignedIn, name: string) => (await injectAs(t.app, who, { method: 'GET', url: `/api/files/verify?fileName=${name}` })).json();
  const missing = `${'0'.repeat(32)}.pdf`;
  /** Answered exactly as a file that does not exist: the same status and body. */
  async function expectHidden(who: SignedIn, name: string) {
    const hidden = await download(who, name);
    const absent = await download(who, missing);
    expect([hidden.statusCode, hidden.body]).toEqual([absent.statusCode, absent.body]);
    expect(hidden.statusCode).toBe(404);
    expect(await verify(who, name)).toBe(false);
  }
  async function expectReadable(who: SignedIn, name: string, bytes: Buffer) {
    const res = await download(who, name);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(await verify(who, name)).toBe(true);
  }
  const createDossier = async (who: SignedIn, body: Record<string, unknown>) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/dossiers', payload: { Title: 'Dossier', ...body } });

  beforeAll(async () => {
    await prepareDossiers(t.app);
    admin = await signIn(t.app);
    visitor = await userWith(t.app, signIn, 'visitor', []);
    // Alice and Bob hold the module without 'View All Records': each reaches only their own dossiers.
    alice = await userWith(t.app, signIn, 'alice', [dossierModule]);
    bob = await userWith(t.app, signIn, 'bob', [dossierModule]);
    manager = await userWith(t.app, signIn, 'manager', [dossierModule], true);
  });

  it("hides an administrator's document from a visitor who knows its name", async () => {
    const secret = await uploaded(t.app, admin, 'salaries.pdf', samples.pdf);
    await expectReadable(admin, secret.FileName, samples.pdf);
    await expectHidden(visitor, secret.FileName);
    await expectHidden(alice, secret.FileName);
  });

  it('lets the uploader alone read a file no record names yet', async () => {
    const draft = await uploaded(t.app, alice, 'draft.pdf', samples.pdf);
    await expectReadable(alice, draft.FileName, samples.pdf);
    for (const other of [bob, manager, visitor]) await expectHidden(other, draft.FileName);
  });

  it('once a record names it, lets whoever may read that record read it, and no one else', async () => {
    const report = await uploaded(t.app, alice, 'report.pdf', samples.pdf);
    const res = await createDossier(alice, { Documents: [entry(report)] });
    expect(res.statusCode, res.body).toBe(201);
    await expectReadable(alice, report.FileName, samples.pdf);
    await expectReadable(manager, report.FileName, samples.pdf);
    await expectReadable(admin, report.FileName, samples.pdf);
    // Bob holds the module but may read only his own dossiers; the visitor holds nothing.
    await expectHidden(bob, report.FileName);
    await expectHidden(visitor, report.FileName);
  });

  it("refuses a record naming a file its writer may not read, so a name learnt elsewhere opens nothing", async () => {
    const report = await uploaded(t.app, alice, 'private.pdf', samples.pdf);
    expect((await createDossier(alice, { Documents: [entry(report)] })).statusCode).toBe(201);
    const theft = await createDossier(bob, { Documents: [entry(report)] });
    expect(theft.statusCode).toBe(400);
    expect(theft.json()).toEqual([{ PropertyName: null, ErrorMessage: 'The file could not be found.', ErrorCode: 'FileNotFound' }]);
    expect(Number((await t.app.db('dossiers').where('CreatedBy', 'bob').count({ N: '*' }))[0].N)).toBe(0);
    await expectHidden(bob, report.FileName);
    // A file of a record one may read can be named again (copied into one's own record).
    const copy = await createDossier(manager, { Documents: [entry(report)] });
    expect(copy.statusCode, copy.body).toBe(201);
  });

  it('follows the record: a file dropped from it, or whose record is deleted, is its uploader\'s alone again', async () => {
    const picture = await uploaded(t.app, alice, 'face.png', samples.png, '/api/files/upload-image');
    const created = await createDossier(alice, { Picture: { FileName: picture.FileName, UserFileName: picture.UserFileName } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().DossierId;
    await expectReadable(manager, picture.FileName, samples.png);
    const cleared = await writeLocked(t.app, alice, 'POST', `/api/dossiers/${id}`, { Title: 'Dossier', Picture: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await expectHidden(manager, picture.FileName);
    await expectReadable(alice, picture.FileName, samples.png);

    const again = await writeLocked(t.app, alice, 'POST', `/api/dossiers/${id}`, { Title: 'Dossier', Picture: { FileName: picture.FileName, UserFileName: picture.UserFileName } });
    expect(again.statusCode, again.body).toBe(200);
    await expectReadable(manager, picture.FileName, samples.png);
    expect((await writeLocked(t.app, alice, 'DELETE', `/api/dossiers/${id}`)).statusCode).toBe(204);
    await expectHidden(manager, picture.FileName);
    expect(await t.app.db('file_references').where('FileName', picture.FileName).select('RecordId')).toEqual([]);
  });
});
