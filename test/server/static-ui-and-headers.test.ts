import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

describe('serving the UI, the API docs and security headers', () => {
  let t: TestApp & { stop(): Promise<void> };
  beforeAll(async () => {
    const uiDir = await mkdtemp(path.join(os.tmpdir(), 'ui-'));
    await mkdir(path.join(uiDir, 'assets'));
    await writeFile(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(uiDir, 'assets', 'app-123.js'), 'console.log(1)');
    t = await startTestApp('pglite', { uiDir });
    return () => t.stop();
  });

  it('answers any page path with index.html (history fallback, no hash in URLs)', async () => {
    for (const url of ['/', '/login', '/user?page=2&sorts=LastName,asc', '/user/update/7']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers HEAD for a page as GET, without the body (monitors and link checkers ask HEAD)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('serves hashed assets as immutable, and a missing asset as 404', async () => {
    const res = await t.app.inject({ url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers an unknown API path with a 404 error item, not the page', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()[0]).toMatchObject({ ErrorCode: 404 });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/login' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes the OpenAPI document with every API route and its access', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/Authenticate/SignIn', '/api/users', '/api/App/GetRoutes']));
    expect(doc.paths['/api/users'].get.description).toContain('Access: module RegisterUser.');
    expect(doc.paths['/api/Authenticate/SignIn'].post.security).toEqual([]);
    expect((await t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('public settings', () => {
  it('give the help link of HELP_URL before sign-in, and none when it is unset', async () => {
    const withHelp = await startTestApp('pglite', { helpUrl: 'https://support.example.org/' });
    const without = await startTestApp('pglite');
    try {
      expect((await withHelp.app.inject({ url: '/api/App/PublicSettings' })).json()).toEqual({ HelpUrl: 'https://support.example.org/' });
      expect((await without.app.inject({ url: '/api/App/PublicSettings' })).json()).toEqual({ HelpUrl: '' });
    } finally {
      await withHelp.stop();
      await without.stop();
    }
  });
});
