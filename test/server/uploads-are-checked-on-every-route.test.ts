import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { forModule, multipart, samples, type Part } from './multipart.ts';
import { apiRoutes } from './api-routes.ts';

const MB = 1024 * 1024;
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(200)]);
const file = (fileName: string, content: Buffer): Part => ({ name: 'file', fileName, content });

/**
 * Each upload route checks the same things, whatever it stores: one file, not empty, not over the size limit,
 * an extension it takes, and bytes that are what the extension says (a renamed program is refused).
 */
const refusals: Array<[what: string, parts: Part[], status: number, message: RegExp]> = [
  ['no file', [{ name: 'name', value: 'Nothing' }], 400, /^Please select a file to upload\.$/],
  ['two files', [file('a.png', samples.png), file('b.png', samples.png)], 400, /^Only one file can be uploaded at a time\.$/],
  ['an empty file', [file('empty.png', Buffer.alloc(0))], 400, /^The file is empty\.$/],
  ['a program by its own name', [file('setup.exe', samples.exe)], 400, /^The file does not match one of the permitted file types\./],
  ['a script by its own name', [file('run.sh', Buffer.from('#!/bin/sh\nrm -rf /\n'))], 400, /^The file does not match one of the permitted file types\./],
  ['a Windows program renamed to .png', [file('holiday.png', samples.exe)], 400, /^The file does not match one of the permitted file types\./],
  ['a Linux program renamed to .jpg', [file('holiday.jpg', elf)], 400, /^The file does not match one of the permitted file types\./],
  ['a double extension hiding a program', [file('photo.png.exe', samples.exe)], 400, /^The file does not match one of the permitted file types\./],
  ['a file over the size limit', [file('big.png', Buffer.concat([samples.png, Buffer.alloc(2 * MB)]))], 413, /exceeds the maximum permitted file size\. \(1 MB\)$/],
];

describe.each(databases)('every upload route checks size, count, extension and content, on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-checked-'));
  const t = useTestApp(kind, { dataDir, maxFileSizeMB: 1 });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let admin: SignedIn;
  let uploadUrls: string[];
  beforeAll(async () => {
    admin = await signIn(t.app);
    // The files routes; an import's upload (CSV or XLSX into a form) has the same checks in test/server/import-*.test.ts.
    uploadUrls = (await apiRoutes(t.app)).filter((r) => r.takesFiles && r.url.startsWith('/api/files/')).map((r) => r.url);
  });
  const upload = (url: string, parts: Part[]) => injectAs(t.app, admin, { method: 'POST', url: forModule(url), ...multipart(parts) });
  const storedFiles = async () => Number((await t.app.db('files').count({ N: '*' }))[0].N);

  it('finds the upload routes, and each takes a good image (the refusals below are about the file alone)', async () => {
    expect(uploadUrls.sort()).toEqual(['/api/files/upload', '/api/files/upload-image', '/api/files/upload-logo']);
    for (const url of uploadUrls) expect((await upload(url, [file('fine.png', samples.png)])).statusCode, url).toBe(201);
  });

  it.each(refusals)('refuses %s on every upload route, storing nothing', async (_what, parts, status, message) => {
    expect(uploadUrls.length).toBeGreaterThan(2);
    const before = await storedFiles();
    const wrong: string[] = [];
    for (const url of uploadUrls) {
      const res = await upload(url, parts);
      const item = res.statusCode === status ? res.json()[0] : null;
      if (!item || !message.test(item.ErrorMessage) || item.PropertyName !== 'file') wrong.push(`${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(await storedFiles()).toBe(before);
  });
});
