import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type SignedIn } from './helper.ts';
import { forModule, samples } from './multipart.ts';

/**
 * Over a real socket, not app.inject: a refused upload must reach the client as the 413 with the spec's
 * words (not a reset connection), and the connection is closed after it (what is left of the body is
 * never read, so no half-read request keeps it busy); an accepted upload arrives whole.
 */
describe('uploads over HTTP', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'files-http-'));
  let stop: () => Promise<void>;
  let server: import('node:http').Server;
  let base: string;
  let admin: SignedIn;
  beforeAll(async () => {
    const t = await startTestApp('pglite', { dataDir, maxFileSizeMB: 2 });
    stop = t.stop;
    server = t.app.server;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signIn(t.app);
  });
  afterAll(async () => {
    // Client and server share this process: a response the client has read may not yet count as finished
    // on the server, and close() only ends connections idle at that moment.
    server?.closeAllConnections();
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (url: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${base}${forModule(url)}`, { method: 'POST', body: form, headers: admin.headers });
  };

  it('answers 413 with the message for a body declared too large, and for one that only the stream finds too large', async () => {
    for (const size of [8 * 1024 * 1024, 2 * 1024 * 1024 + 100]) {
      const res = await send('/api/files/upload', 'big.txt', Buffer.alloc(size, 'a'));
      expect(res.status).toBe(413);
      expect(res.headers.get('connection')).toBe('close');
      expect((await res.json())[0].ErrorMessage).toBe('The file exceeds the maximum permitted file size. (2 MB)');
    }
    expect(readdirSync(path.join(dataDir, 'files', 'incoming'))).toEqual([]);
  });

  it('refuses a program renamed to .png from its first bytes, without waiting for the rest', async () => {
    const program = Buffer.concat([samples.exe, Buffer.alloc(1024 * 1024 + 900 * 1024)]);
    const res = await send('/api/files/upload-image', 'holiday.png', program);
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json())[0].ErrorMessage).toBe('The file does not match one of the permitted file types. Permitted file types: jpeg, jpg, png, tiff, gif, bmp');
    expect(readdirSync(path.join(dataDir, 'files', 'incoming'))).toEqual([]);
  });

  it('stores an accepted upload whole', async () => {
    const bytes = Buffer.concat([samples.png, Buffer.alloc(1024 * 1024, 7)]);
    const res = await send('/api/files/upload-image', 'photo.png', bytes);
    expect(res.status).toBe(201);
    const { FileName } = await res.json();
    const image = await fetch(`${base}/api/files/download?fileName=${FileName}`, { headers: admin.headers });
    expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
