import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { forModule, multipart, samples, type Part } from './multipart.ts';
import { contentDisposition } from '../../server/modules/files/content-disposition.ts';

const documentTypes = 'The file does not match one of the permitted file types. Permitted file types: docx, doc, pdf, xls, xlsx, txt, csv, jpeg, jpg, png, tiff, gif, bmp';
const imageTypes = 'The file does not match one of the permitted file types. Permitted file types: jpeg, jpg, png, tiff, gif, bmp';
const MB = 1024 * 1024;

describe.each(databases)('file uploads, downloads and images on %s', (kind) => {
  // The global maximum is 2 MB here, so the limits can be crossed quickly; the client logo keeps its 1 MB.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'files-test-'));
  const t = useTestApp(kind, { dataDir, maxFileSizeMB: 2 });
  const filesDir = path.join(dataDir, 'files');
  let admin: SignedIn;
  let clerk: SignedIn;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const upload = (url: string, parts: Part[], who: SignedIn = admin) => injectAs(t.app, who, { method: 'POST', url: forModule(url, 'RegisterUser'), ...multipart(parts) });
  const file = (fileName: string, content: Buffer): Part => ({ name: 'file', fileName, content });
  const get = (url: string, who: SignedIn = admin) => injectAs(t.app, who, { method: 'GET', url });
  const rowCount = async () => Number((await t.app.db('files').count({ N: '*' }))[0].N);
  /** Stored files (on disk with PGlite, in PostgreSQL's file_chunks with DATABASE_URL), and what is left in incoming/. */
  const storedNames = async (): Promise<string[]> => kind === 'pglite'
    ? readdirSync(filesDir).filter((n) => n !== 'incoming').sort()
    : (await t.app.db('file_chunks').distinct('FileName').orderBy('FileName')).map((r: { FileName: string }) => r.FileName);
  const storedBytes = async (name: string): Promise<Buffer> => kind === 'pglite'
    ? readFileSync(path.join(filesDir, name))
    : Buffer.concat((await t.app.db('file_chunks').where('FileName', name).orderBy('Seq').select('Bytes')).map((r: { Bytes: Buffer }) => r.Bytes));
  const loseBytes = async (name: string) => kind === 'pglite' ? rmSync(path.join(filesDir, name)) : t.app.db('file_chunks').where('FileName', name).delete();
  const incoming = () => readdirSync(path.join(filesDir, 'incoming'));

  /** Refused with this status and message for the file, and nothing stored: no row, no new file, nothing half-written. */
  async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, message: string, property = 'file') {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual([expect.objectContaining({ PropertyName: property, ErrorMessage: message })]);
  }

  let before: { rows: number; files: string[] };
  const snapshot = async () => { before = { rows: await rowCount(), files: await storedNames() }; };
  const expectNothingStored = async () => {
    expect(await rowCount()).toBe(before.rows);
    expect(await storedNames()).toEqual(before.files);
    expect(incoming()).toEqual([]);
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const role = await addRole(t.app, 'Clerks');
    await grantModule(t.app, role, 'RegisterUser');
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [role] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    // One upload first, so the folders exist for the before/after comparisons.
    expect((await upload('/api/files/upload', [file('first.txt', samples.txt)])).statusCode).toBe(201);
  });

  it('stores a file under a server-chosen name, keeping the user file name, name and description as metadata', async () => {
    const res = await upload('/api/files/upload', [
      { name: 'name', value: 'Quarterly report' }, { name: 'description', value: 'For the board' },
      file('C:\\fakepath\\..\\..\\report.pdf', samples.pdf),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    expect(record).toMatchObject({ Name: 'Quarterly report', Description: 'For the board', UserFileName: 'report.pdf', IsActive: true });
    expect(record.Id).toBeGreaterThan(0);
    expect(record.FileName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(await storedBytes(record.FileName)).toEqual(samples.pdf);
    expect(incoming()).toEqual([]);
    const row = await t.app.db('files').where('FileName', record.FileName).first();
    expect(row).toMatchObject({ UserFileName: 'report.pdf', Kind: 'file', ContentType: 'application/pdf', CreatedBy: 'admin' });
    expect(Number(row.SizeBytes)).toBe(samples.pdf.length);
  });

  it('defaults the name to the user file name and the description to a single space; names given after the file count too', async () => {
    const plain = (await upload('/api/files/upload', [file('notes.txt', samples.txt)])).json();
    expect(plain).toMatchObject({ Name: 'notes.txt', Description: ' ', UserFileName: 'notes.txt' });
    const late = (await upload('/api/files/upload', [file('a.docx', samples.docx), { name: 'name', value: 'Late name' }])).json();
    expect(late).toMatchObject({ Name: 'Late name', UserFileName: 'a.docx' });
  });

  it("refuses a type not in the list with the specification's message, and stores nothing", async () => {
    await snapshot();
    await expectRefused(await upload('/api/files/upload', [file('setup.exe', samples.exe)]), 400, documentTypes);
    await expectRefused(await upload('/api/files/upload', [file('no-extension', samples.txt)]), 400, documentTypes);
    await expectRefused(await upload('/api/files/upload-image', [file('report.pdf', samples.pdf)]), 400, imageTypes);
    await expectRefused(await upload('/api/files/upload-logo', [file('notes.txt', samples.txt)]), 400, imageTypes);
    await expectNothingStored();
  });

  it('refuses a program renamed to .png (and other bytes that are not what the name says), storing nothing', async () => {
    await snapshot();
    await expectRefused(await upload('/api/files/upload-image', [file('holiday.png', samples.exe)]), 400, imageTypes);
    await expectRefused(await upload('/api/files/upload', [file('holiday.png', samples.exe)]), 400, documentTypes);
    await expectRefused(await upload('/api/files/upload-logo', [file('logo.jpg', samples.png)]), 400, imageTypes);
    await expectRefused(await upload('/api/files/upload', [file('report.pdf', samples.exe)]), 400, documentTypes);
    await expectRefused(await upload('/api/files/upload', [file('sheet.xlsx', samples.pdf)]), 400, documentTypes);
    await expectRefused(await upload('/api/files/upload', [file('readme.txt', samples.exe)]), 400, documentTypes);
    await expectNothingStored();
  });

  it('accepts each image format by its signature', async () => {
    for (const [name, bytes] of [['a.png', samples.png], ['b.jpeg', samples.jpeg], ['c.jpg', samples.jpeg], ['d.gif', samples.gif]] as const) {
      const res = await upload('/api/files/upload-image', [file(name, bytes)]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    }
  });

  it("refuses a file over the global maximum with 413 and the specification's message, whether declared or streamed", async () => {
    await snapshot();
    // Declared too large: refused before the body is read.
    await expectRefused(await upload('/api/files/upload', [file('big.txt', Buffer.alloc(3 * MB, 'a'))]), 413, 'The file exceeds the maximum permitted file size. (2 MB)');
    // Just over the limit, so only the stream can tell.
    await expectRefused(await upload('/api/files/upload', [file('big.txt', Buffer.alloc(2 * MB + 10, 'a'))]), 413, 'The file exceeds the maximum permitted file size. (2 MB)');
    await expectRefused(await upload('/api/files/upload-image', [file('big.png', Buffer.concat([samples.png, Buffer.alloc(2 * MB)]))]), 413, 'The file exceeds the maximum permitted file size. (2 MB)');
    await expectNothingStored();
    // Exactly at the limit is allowed.
    const edge = Buffer.alloc(2 * MB, 'a');
    edge.write('first chunk', 0);
    edge.write('last chunk', 2 * MB - 10);
    const res = await upload('/api/files/upload', [file('edge.txt', edge)]);
    expect(res.statusCode).toBe(201);
    // Larger than one stored chunk (PostgreSQL keeps 256 KiB per row): it comes back whole and in order.
    // (Buffer.equals: toEqual walks 2 MB element by element for a minute.)
    expect((await get(`/api/files/download?fileName=${res.json().FileName}`)).rawPayload.equals(edge)).toBe(true);
  });

  it("limits the client logo to 1 MB with 'The image exceeds the maximum permitted file size. (1 MB)'", async () => {
    await snapshot();
    await expectRefused(await upload('/api/files/upload-logo', [file('logo.png', Buffer.concat([samples.png, Buffer.alloc(MB)]))]), 413, 'The image exceeds the maximum permitted file size. (1 MB)');
    await expectNothingStored();
    const res = await upload('/api/files/upload-logo', [file('logo.png', samples.png)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ UserFileName: 'logo.png', Name: 'logo.png', Description: ' ' });
  });

  it('needs a file, one file only, an empty file refused, and a name within 200 characters', async () => {
    await snapshot();
    await expectRefused(await upload('/api/files/upload', [{ name: 'name', value: 'Nothing' }]), 400, 'Please select a file to upload.');
    await expectRefused(await upload('/api/files/upload', [file('a.txt', samples.txt), file('b.txt', samples.txt)]), 400, 'Only one file can be uploaded at a time.');
    await expectRefused(await upload('/api/files/upload', [file('empty.txt', Buffer.alloc(0))]), 400, 'The file is empty.');
    await expectRefused(
      await upload('/api/files/upload', [{ name: 'name', value: 'n'.repeat(201) }, file('a.txt', samples.txt)]),
      400, 'You have exceeded the maximum character length allowable for this field.', 'Name',
    );
    const notMultipart = await injectAs(t.app, admin, { method: 'POST', url: forModule('/api/files/upload'), payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    await expectNothingStored();
  });

  it('removes the stored bytes when the record cannot be written', async () => {
    await snapshot();
    await t.app.db.raw('alter table files add constraint refuse_all check (false) not valid');
    try {
      const res = await upload('/api/files/upload', [file('doomed.txt', samples.txt)]);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.raw('alter table files drop constraint refuse_all');
    }
    await expectNothingStored();
  });

  it('needs a session to upload, verify or download, and the ApplicationSettings module for the client logo', async () => {
    const body = multipart([file('a.txt', samples.txt)]);
    for (const url of ['/api/files/upload', '/api/files/upload-image', '/api/files/upload-logo']) {
      expect((await t.app.inject({ method: 'POST', url, ...body })).statusCode).toBe(401);
    }
    const stored = (await upload('/api/files/upload', [file('a.txt', samples.txt)])).json();
    for (const url of [`/api/files/verify?fileName=${stored.FileName}`, `/api/files/download?fileName=${stored.FileName}`, '/api/files/limits']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const logo = await upload('/api/files/upload-logo', [file('logo.png', samples.png)], clerk);
    expect(logo.statusCode).toBe(403);
    expect((await upload('/api/files/upload-image', [file('pic.png', samples.png)], clerk)).statusCode).toBe(201);
  });

  it('verifies whether the server still has a file', async () => {
    const kept = (await upload('/api/files/upload', [file('kept.txt', samples.txt)])).json();
    expect((await get(`/api/files/verify?fileName=${kept.FileName}`)).json()).toBe(true);
    expect((await get(`/api/files/verify?fileName=${'0'.repeat(32)}.txt`)).json()).toBe(false);
    await loseBytes(kept.FileName);
    expect((await get(`/api/files/verify?fileName=${kept.FileName}`)).json()).toBe(false);
    expect((await get(`/api/files/download?fileName=${kept.FileName}`)).statusCode).toBe(404);
  });

  it('never takes a path for a stored name', async () => {
    for (const name of ['../pgdata/PG_VERSION', '..%2F..%2Fetc%2Fpasswd', 'files/x.txt', `${'0'.repeat(32)}.exe`, 'ABCDEF.txt']) {
      expect((await get(`/api/files/download?fileName=${name}`)).statusCode, name).toBe(400);
      expect((await get(`/api/files/verify?fileName=${name}`)).statusCode, name).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `/api/files/image?fileName=${name}&container=clientlogo` })).statusCode, name).toBe(400);
    }
  });

  it('downloads a file as an attachment under its user file name, made safe for the header', async () => {
    const stored = (await upload('/api/files/upload', [file('Résumé; 100% final.pdf', samples.pdf)])).json();
    expect(stored.UserFileName).toBe('Résumé; 100% final.pdf');
    const res = await get(`/api/files/download?fileName=${stored.FileName}&userFileName=${encodeURIComponent(stored.UserFileName)}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(samples.pdf);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(samples.pdf.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum__ 100_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%3B%20100%25%20final.pdf`,
    );
  });

  it('makes a header value of any name: no line breaks, quotes or paths get through', () => {
    expect(contentDisposition('attachment', 'a"b\r\nX-Evil: 1.pdf')).toBe(
      `attachment; filename="a_b__X-Evil: 1.pdf"; filename*=UTF-8''a%22b%0D%0AX-Evil%3A%201.pdf`,
    );
    expect(contentDisposition('inline', '../../etc/passwd')).toBe(`inline; filename="passwd"; filename*=UTF-8''passwd`);
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });

  it('shows the active client logo without a session, and no other image: those are read through the download route', async () => {
    const logo = (await upload('/api/files/upload-logo', [file('brand.png', samples.png)])).json();
    const pic = (await upload('/api/files/upload-image', [file('team.jpg', samples.jpeg)])).json();
    const doc = (await upload('/api/files/upload', [file('photo.png', samples.png)])).json();
    const image = (fileName: string, container: string) => t.app.inject({ method: 'GET', url: `/api/files/image?fileName=${fileName}&container=${encodeURIComponent(container)}` });

    // A logo upload waits inactive until the client settings are saved with it (client-settings.test.ts).
    expect((await image(logo.FileName, 'clientlogo')).statusCode).toBe(404);
    await t.app.db('files').where('FileName', logo.FileName).update({ IsActive: true });
    const shownLogo = await image(logo.FileName, 'clientlogo');
    expect(shownLogo.statusCode).toBe(200);
    expect(shownLogo.headers['content-type']).toBe('image/png');
    expect(shownLogo.headers['content-disposition']).toMatch(/^inline; filename="brand.png"/);
    expect(shownLogo.rawPayload).toEqual(samples.png);
    // The one API answer a browser may keep: its name is random and never reused (every other answer is no-store).
    expect(shownLogo.headers['cache-control']).toBe('private, max-age=86400, immutable');

    expect((await image(logo.FileName, 'brand.png')).statusCode).toBe(404);
    // An image of a record is not public, in any container; a document is never shown inline.
    for (const container of ['team.jpg', 'clientlogo']) expect((await image(pic.FileName, container)).statusCode).toBe(404);
    expect((await image(doc.FileName, 'photo.png')).statusCode).toBe(404);
    const read = await get(`/api/files/download?fileName=${pic.FileName}`);
    expect([read.statusCode, read.rawPayload.equals(samples.jpeg)]).toEqual([200, true]);
  });

  it('tells the client the limits it enforces', async () => {
    expect((await get('/api/files/limits')).json()).toEqual({
      MaxFileSizeMB: 2, ClientLogoMaxFileSizeMB: 1,
      Extensions: ['docx', 'doc', 'pdf', 'xls', 'xlsx', 'txt', 'csv', 'jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp'],
      ImageExtensions: ['jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp'],
    });
  });
});
