import { mkdtemp, mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';
import { precompressDirectory } from '../../ui/precompress.ts';

describe('the UI sent compressed, as the browser accepts', () => {
  let t: TestApp & { stop(): Promise<void> };
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
  const page = `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
  let uiDir: string;
  beforeAll(async () => {
    uiDir = await mkdtemp(path.join(os.tmpdir(), 'ui-'));
    await mkdir(path.join(uiDir, 'assets'));
    await writeFile(path.join(uiDir, 'index.html'), page);
    await writeFile(path.join(uiDir, 'assets', 'app-123.js'), script);
    await writeFile(path.join(uiDir, 'assets', 'tiny-1.js'), 'x');
    await precompressDirectory(uiDir);
    t = await startTestApp('pglite', { uiDir });
    return () => t.stop();
  });

  const get = (url: string, acceptEncoding?: string) => t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('makes a brotli and a gzip copy of each text file at build time, none where it would not be smaller', async () => {
    expect((await readdir(path.join(uiDir, 'assets'))).sort()).toEqual(['app-123.js', 'app-123.js.br', 'app-123.js.gz', 'tiny-1.js']);
  });

  it('sends brotli when accepted, gzip when only gzip is, and the file as it is otherwise; always saying it varies', async () => {
    const br = await get('/assets/app-123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/app-123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    for (const plain of [await get('/assets/app-123.js'), await get('/assets/app-123.js', 'identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
    for (const res of [br, gz, await get('/assets/app-123.js')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('follows the browser\'s preference between the two', async () => {
    expect((await get('/assets/app-123.js', 'br;q=0.5, gzip;q=1')).headers['content-encoding']).toBe('gzip');
  });

  it('sends a file without a smaller copy as it is, even to a browser accepting brotli', async () => {
    const res = await get('/assets/tiny-1.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('x');
  });

  it('sends the page of every UI path compressed too, still revalidated on each visit', async () => {
    const res = await get('/user/update/7', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });
});
