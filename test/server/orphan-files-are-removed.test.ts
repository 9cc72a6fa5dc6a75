import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { multipart, samples } from './multipart.ts';
import { writeLocked } from './record-lock-fixtures.ts';
import { dossierModule, dossierRoutes, prepareDossiers, uploaded, userWith } from './file-record-fixtures.ts';
import { sweepOrphanFiles } from '../../server/modules/files/orphan-sweep.ts';
import { fileStorageFor } from '../../server/modules/files/storage.ts';

const hour = 3600;

// Issue 28, finding 4: files uploaded and never attached to a record stayed on the disk for good.
describe.each(databases)('files no record names are removed after the grace period, with their bytes, on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'orphan-files-'));
  const t = useTestApp(kind, { dataDir }, { routes: [dossierRoutes] });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let admin: SignedIn;
  let alice: SignedIn;

  const storage = () => fileStorageFor(t.config, t.app.db);
  /** Makes a file look uploaded this many hours ago: the sweep is driven by its age, not by waiting. */
  const age = (FileName: string, hours: number) =>
    t.app.db('files').where({ FileName }).update({ CreatedDate: t.app.db.raw(`now() - (? * interval '1 hour')`, [hours]) });
  const present = async (FileName: string) => ({
    row: Boolean(await t.app.db('files').where({ FileName }).first('FileId')),
    bytes: (await storage().size(FileName)) !== null,
  });

  beforeAll(async () => {
    await prepareDossiers(t.app);
    admin = await signIn(t.app);
    alice = await userWith(t.app, signIn, 'alice', [dossierModule]);
  });

  it('removes an old orphan and keeps young orphans, attached files, files from before uploads named a module, and the active logo', async () => {
    const oldOrphan = await uploaded(t.app, alice, 'abandoned.pdf', samples.pdf);
    const youngOrphan = await uploaded(t.app, alice, 'in-progress.pdf', samples.pdf);
    const attached = await uploaded(t.app, alice, 'kept.pdf', samples.pdf);
    const created = await injectAs(t.app, alice, { method: 'POST', url: '/api/dossiers', payload: { Title: 'Dossier', Documents: [{ ...attached, IsActive: true }] } });
    expect(created.statusCode, created.body).toBe(201);
    const legacy = await uploaded(t.app, alice, 'legacy.pdf', samples.pdf);
    await t.app.db('files').where('FileName', legacy.FileName).update({ Module: null });
    const logoRes = await injectAs(t.app, admin, { method: 'POST', url: '/api/files/upload-logo', ...multipart([{ name: 'file', fileName: 'logo.png', content: samples.png }]) });
    expect(logoRes.statusCode, logoRes.body).toBe(201);
    const logo = logoRes.json();
    await t.app.db('files').where('FileName', logo.FileName).update({ IsActive: true });
    for (const f of [oldOrphan, attached, legacy, logo]) await age(f.FileName, 25);
    await age(youngOrphan.FileName, 23);

    expect(await sweepOrphanFiles(t.app.db, storage(), 24 * hour)).toEqual([oldOrphan.FileName]);
    expect(await present(oldOrphan.FileName)).toEqual({ row: false, bytes: false });
    for (const kept of [youngOrphan, attached, legacy, logo]) expect(await present(kept.FileName), kept.UserFileName).toEqual({ row: true, bytes: true });
    // The downloaded answer of the removed file is the missing file's.
    expect((await injectAs(t.app, alice, { method: 'GET', url: `/api/files/download?fileName=${oldOrphan.FileName}` })).statusCode).toBe(404);

    // A shorter grace period takes the younger orphan too, and still nothing a record names.
    expect(await sweepOrphanFiles(t.app.db, storage(), 22 * hour)).toEqual([youngOrphan.FileName]);
    expect(await present(attached.FileName)).toEqual({ row: true, bytes: true });
  });

  it('removes a file once the record that named it no longer does, after the grace period', async () => {
    const replaced = await uploaded(t.app, alice, 'first.pdf', samples.pdf);
    const created = await injectAs(t.app, alice, { method: 'POST', url: '/api/dossiers', payload: { Title: 'Dossier', Documents: [{ ...replaced, IsActive: true }] } });
    expect(created.statusCode, created.body).toBe(201);
    await age(replaced.FileName, 48);
    expect(await sweepOrphanFiles(t.app.db, storage(), 24 * hour)).toEqual([]);
    expect((await writeLocked(t.app, alice, 'DELETE', `/api/dossiers/${created.json().DossierId}`)).statusCode).toBe(204);
    expect(await sweepOrphanFiles(t.app.db, storage(), 24 * hour)).toEqual([replaced.FileName]);
    expect(await present(replaced.FileName)).toEqual({ row: false, bytes: false });
  });
});
