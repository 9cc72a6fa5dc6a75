import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, signIn, useTestApp, type SignedIn } from './helper.ts';
import { samples } from './multipart.ts';
import { dossierModule, prepareDossiers, uploadFor, userWith } from './file-record-fixtures.ts';

const KB = 1024;
const noAccess = "You don't have permission to this page.";
const quotaMessage = 'The file exceeds your upload quota: your files may hold at most 1 MB together.';

// Issue 28, finding 4: a visitor with no role filled the disk with 256 MB uploads.
describe.each(databases)('an upload names the module it is for, and counts against its user\'s quota, on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upload-quota-'));
  const t = useTestApp(kind, { dataDir, uploadQuotaMB: 1 });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let visitor: SignedIn;
  let clerk: SignedIn;
  let reader: SignedIn;
  let keeper: SignedIn;

  const text = (bytes: number) => Buffer.alloc(bytes, 'a');
  const rows = async (CreatedBy: string) => Number((await t.app.db('files').where({ CreatedBy }).count({ N: '*' }))[0].N);
  const usedBytes = async (CreatedBy: string) => Number((await t.app.db('files').where({ CreatedBy }).sum({ N: 'SizeBytes' }))[0].N ?? 0);
  const storedCount = async () => kind === 'pglite'
    ? readdirSync(path.join(dataDir, 'files')).filter((n) => n !== 'incoming').length
    : Number((await t.app.db('file_chunks').countDistinct({ N: 'FileName' }))[0].N);
  const incoming = () => readdirSync(path.join(dataDir, 'files', 'incoming'));

  beforeAll(async () => {
    await prepareDossiers(t.app);
    visitor = await userWith(t.app, signIn, 'visitor', []);
    clerk = await userWith(t.app, signIn, 'clerk', [dossierModule]);
    reader = await userWith(t.app, signIn, 'reader', ['Role']);
    keeper = await userWith(t.app, signIn, 'keeper', [dossierModule]);
    // Only the module, none of its route nodes: the user may read its screens, not change a record.
    const { NodeId } = await t.app.db('permission_nodes').where({ Name: dossierModule, Type: 'module' }).first('NodeId');
    const role = await t.app.db('user_roles').join('users', 'users.user_id', 'user_roles.user_id').where('UserName', 'reader').first('RoleId');
    await t.app.db('role_permissions').insert({ RoleId: role.RoleId, NodeId, HasAccess: true });
  });

  it('refuses a user with no role anything, on every upload route, storing nothing', async () => {
    for (const [url, name, bytes] of [['/api/files/upload', 'a.txt', samples.txt], ['/api/files/upload-image', 'a.png', samples.png], ['/api/files/upload-logo', 'a.png', samples.png]] as const) {
      for (const module of [dossierModule, 'ApplicationSettings', null]) {
        const res = await uploadFor(t.app, visitor, module, name, bytes, url);
        expect(res.statusCode, `${url} ${module}`).toBe(403);
        expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: noAccess, ErrorCode: 403 }]);
      }
    }
    expect(await rows('visitor')).toBe(0);
  });

  it('refuses an upload for a module the user does not hold, or for none, and takes one for a module held', async () => {
    expect((await uploadFor(t.app, clerk, 'ApplicationSettings', 'a.txt', samples.txt)).statusCode).toBe(403);
    expect((await uploadFor(t.app, clerk, null, 'a.txt', samples.txt)).statusCode).toBe(403);
    expect((await uploadFor(t.app, clerk, '', 'a.txt', samples.txt)).statusCode).toBe(403);
    expect(await rows('clerk')).toBe(0);
    const res = await uploadFor(t.app, clerk, dossierModule, 'a.txt', samples.txt);
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.app.db('files').where('FileName', res.json().FileName).first('Module')).toEqual({ Module: dossierModule });
  });

  it("refuses an upload for a record to one who holds the module but not its update right", async () => {
    const url = `/api/files/upload?module=${dossierModule}&recordId=1`;
    expect((await uploadFor(t.app, reader, null, 'a.txt', samples.txt, url)).statusCode).toBe(403);
    expect((await uploadFor(t.app, reader, dossierModule, 'a.txt', samples.txt)).statusCode).toBe(201);
    expect((await uploadFor(t.app, clerk, null, 'b.txt', samples.txt, url)).statusCode).toBe(201);
  });

  it("refuses an upload past the user's quota with 413 naming it, leaving nothing half-written; the quota is each user's own", async () => {
    const first = await uploadFor(t.app, keeper, dossierModule, 'first.txt', text(600 * KB));
    expect(first.statusCode, first.body).toBe(201);
    const before = { rows: await rows('keeper'), stored: await storedCount() };
    // Declared too large for what is left (refused before reading), and the same refused as it streams in.
    for (const bytes of [600 * KB, 500 * KB]) {
      const res = await uploadFor(t.app, keeper, dossierModule, 'second.txt', text(bytes));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual([{ PropertyName: 'file', ErrorMessage: quotaMessage, ErrorCode: 'UploadQuota' }]);
    }
    expect({ rows: await rows('keeper'), stored: await storedCount() }).toEqual(before);
    expect(incoming()).toEqual([]);
    // Exactly what is left still fits; then nothing does.
    expect((await uploadFor(t.app, keeper, dossierModule, 'third.txt', text(424 * KB))).statusCode).toBe(201);
    expect(await usedBytes('keeper')).toBe(1024 * KB);
    const full = await uploadFor(t.app, keeper, dossierModule, 'tiny.txt', samples.txt);
    expect([full.statusCode, full.json()[0].ErrorMessage]).toEqual([413, quotaMessage]);
    // Another user's quota is untouched by the keeper's files.
    expect((await uploadFor(t.app, clerk, dossierModule, 'other.txt', text(600 * KB))).statusCode).toBe(201);
  });

  it('lets two uploads at once not both take the last room of a quota', async () => {
    const racer = await userWith(t.app, signIn, 'racer', [dossierModule]);
    const results = await Promise.all([0, 1, 2].map((i) => uploadFor(t.app, racer, dossierModule, `r${i}.txt`, text(400 * KB))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 413]);
    expect(await usedBytes('racer')).toBe(800 * KB);
    expect(incoming()).toEqual([]);
  });
});
