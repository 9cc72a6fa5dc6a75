import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { addUser } from './account-fixtures.ts';
import * as migration114 from '../../server/db/migrations/114_file_references.ts';
import { sweepOrphanFiles } from '../../server/modules/files/orphan-sweep.ts';
import { fileStorageFor } from '../../server/modules/files/storage.ts';

// Migration 114 on a database that already holds files: the records naming them get their references, so those
// who could read the files through them still can, and no file stored before it is ever swept as an orphan.
describe.each(databases)('migration 114 on a database with files, on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'files-migration-'));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const name = (n: number) => `${String(n).repeat(32)}.png`;
  const fileRow = (FileName: string) => ({ FileName, UserFileName: 'x.png', Name: 'x.png', Kind: 'image', ContentType: 'image/png', SizeBytes: 10, CreatedBy: 'admin' });

  it('fills in the references of the client settings and of users\' values, and keeps every file', async () => {
    const db = t.app.db;
    await migration114.down(db);
    await db('files').insert([fileRow(name(1)), fileRow(name(2)), fileRow(name(3))]);
    const userId = await addUser(t.app, { UserName: 'pictured' });
    await db.raw(`update users set udf = ?::jsonb where user_id = ?`, [JSON.stringify({ Photo: { FileName: name(1), UserFileName: 'x.png' } }), userId]);
    await db.raw(`update client_settings set logo = ?::jsonb`, [JSON.stringify({ FileName: name(2), UserFileName: 'x.png' })]);

    await migration114.up(db);

    const references = await db('file_references').orderBy('FileName').select('FileName', 'Module', 'TableName', 'IdColumn', 'OwnerColumn', 'RecordId');
    expect(references.map((r) => ({ ...r, RecordId: Number(r.RecordId) }))).toEqual([
      { FileName: name(1), Module: 'RegisterUser', TableName: 'users', IdColumn: 'UserId', OwnerColumn: 'CreatedById', RecordId: userId },
      { FileName: name(2), Module: 'ApplicationSettings', TableName: 'client_settings', IdColumn: 'ClientSettingsId', OwnerColumn: null, RecordId: 1 },
    ]);
    expect(Number((await db('files').whereNull('Module').count({ N: '*' }))[0].N)).toBe(3);
    // Stored before uploads named a module: kept, whatever its age, though nothing names the third.
    await db('files').update({ CreatedDate: db.raw(`now() - interval '30 days'`) });
    expect(await sweepOrphanFiles(db, fileStorageFor(t.config, db), 1)).toEqual([]);
    expect(Number((await db('files').count({ N: '*' }))[0].N)).toBe(3);
  });
});
