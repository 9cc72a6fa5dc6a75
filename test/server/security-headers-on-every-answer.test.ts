import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, signIn, injectAs, type TestApp } from './helper.ts';
import { apiRoutes, bodyFor } from './api-routes.ts';

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name, sources]));
}

/**
 * What makes a policy too weak to matter: scripts from anywhere but this origin, inline scripts or handlers,
 * plugins, framing by other sites, a <base> or a form pointing elsewhere. Empty for a policy that holds.
 */
export function weakPoints(policy: string | undefined): string[] {
  if (!policy) return ['no content-security-policy'];
  const d = directives(policy);
  // A directive not given falls back to default-src, as browsers apply it.
  const effective = (name: string) => d.get(name) ?? d.get('default-src');
  const scripts = effective('script-src');
  const weak: string[] = [];
  if (!scripts) weak.push('no script-src');
  for (const source of scripts ?? []) {
    if (!["'none'", "'self'", "'unsafe-eval'"].includes(source) && !/^'(sha256|sha384|sha512|nonce)-/.test(source)) weak.push(`script-src allows ${source}`);
  }
  if (d.get('script-src-attr')?.some((s) => s !== "'none'")) weak.push('script-src-attr allows handlers');
  const expectNone = (name: string) => { if (effective(name)?.join(' ') !== "'none'") weak.push(`${name} is not 'none'`); };
  expectNone('object-src');
  const expectSelf = (name: string) => { if (!(d.get(name)?.every((s) => s === "'self'" || s === "'none'"))) weak.push(`${name} is not 'self'`); };
  expectSelf('base-uri');
  expectSelf('form-action');
  expectSelf('default-src');
  if (!d.get('frame-ancestors')?.every((s) => s === "'none'" || s === "'self'")) weak.push('frame-ancestors allows other sites');
  return weak;
}

/** The headers every answer carries, whatever it is (a page, the docs, an API answer, an error). */
function missingHeaders(headers: Record<string, unknown>): string[] {
  const missing = weakPoints(headers['content-security-policy'] as string | undefined);
  const expected: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  for (const [name, value] of Object.entries(expected)) if (headers[name] !== value) missing.push(`${name}: ${String(headers[name])}`);
  if (!['DENY', 'SAMEORIGIN'].includes(String(headers['x-frame-options']))) missing.push(`x-frame-options: ${String(headers['x-frame-options'])}`);
  if ('x-powered-by' in headers) missing.push('x-powered-by is sent');
  return missing;
}

describe('the content security policy check', () => {
  it('fails the policies that would not stop an injected script', () => {
    const strong = "default-src 'self'; script-src 'self'; script-src-attr 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    expect(weakPoints(strong)).toEqual([]);
    expect(weakPoints(strong.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"))).toEqual(["script-src allows 'unsafe-inline'"]);
    expect(weakPoints(strong.replace("script-src 'self'", 'script-src *'))).toEqual(['script-src allows *']);
    expect(weakPoints(strong.replace("script-src 'self'", "script-src 'self' data:"))).toEqual(['script-src allows data:']);
    expect(weakPoints(strong.replace("object-src 'none'", "object-src 'self'"))).toEqual(["object-src is not 'none'"]);
    expect(weakPoints(strong.replace("base-uri 'self'", 'base-uri *'))).toEqual(["base-uri is not 'self'"]);
    expect(weakPoints(strong.replace("frame-ancestors 'none'", 'frame-ancestors https://evil.example'))).toEqual(['frame-ancestors allows other sites']);
    expect(weakPoints(undefined)).toEqual(['no content-security-policy']);
    // The API's policy: everything 'none', the directives not given falling back to default-src.
    const data = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    expect(weakPoints(data)).toEqual([]);
    expect(weakPoints(data.replace("default-src 'none'", 'default-src *'))).toEqual(['script-src allows *', "object-src is not 'none'", "default-src is not 'self'"]);
  });
});

describe('security headers on every answer the server gives', () => {
  let t: TestApp & { stop(): Promise<void> };
  beforeAll(async () => {
    const uiDir = await mkdtemp(path.join(os.tmpdir(), 'ui-'));
    await mkdir(path.join(uiDir, 'assets'));
    await writeFile(path.join(uiDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app-123.js"></script><div id="root"></div>');
    await writeFile(path.join(uiDir, 'assets', 'app-123.js'), 'console.log(1)');
    t = await startTestApp('pglite', { uiDir });
    return () => t.stop();
  });

  async function answersMissingHeaders(calls: InjectOptions[]): Promise<string[]> {
    const wrong: string[] = [];
    for (const call of calls) {
      const res = await t.app.inject(call);
      const missing = missingHeaders(res.headers);
      if (missing.length) wrong.push(`${call.method ?? 'GET'} ${String(call.url)} (${res.statusCode}): ${missing.join(', ')}`);
    }
    return wrong;
  }

  it('every page of the route table, the sign-in page and the built assets', async () => {
    const admin = await signIn(t.app);
    const table = (await injectAs(t.app, admin, { url: '/api/App/GetRoutes' })).json() as Array<{ Url: string }>;
    expect(table.length).toBeGreaterThan(10);
    const pages = ['/', '/login', '/no-such-page', ...table.map((r) => r.Url.replace(/:\w+/g, '1'))];
    for (const url of pages.slice(0, 3)) expect((await t.app.inject({ url })).body, url).toContain('<div id="root">');
    expect(await answersMissingHeaders([...pages, '/assets/app-123.js', '/assets/missing.js'].map((url) => ({ url })))).toEqual([]);
  });

  it('the API documentation pages', async () => {
    const docs = await t.app.inject({ url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-initializer.js');
    // The policy allows no inline script, so a page with one would not run: the documentation page has none.
    expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(docs.body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(await answersMissingHeaders(['/docs', '/docs/static/index.html', '/docs/json', '/docs/static/swagger-initializer.js'].map((url) => ({ url })))).toEqual([]);
  });

  it('every API route, answered or refused', async () => {
    const routes = await apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(60);
    const calls = routes.map((r) => ({ method: r.method, url: r.url, ...bodyFor(r.method) }));
    expect(await answersMissingHeaders(calls)).toEqual([]);
    // An answer is data: opened as a page nothing in it loads or runs, and no cache keeps it.
    for (const call of calls.slice(0, 40)) {
      const res = await t.app.inject(call);
      expect(res.headers['content-security-policy'], `${call.method} ${call.url}`).toMatch(/^default-src 'none';/);
      expect(res.headers['cache-control'], `${call.method} ${call.url}`).toBe('no-store');
    }
  });

  it('error answers: unknown API path, bad JSON, a body too large, a wrong method', async () => {
    const errors: InjectOptions[] = [
      { url: '/api/nothing-here' },
      { method: 'POST', url: '/api/Authenticate/SignIn', headers: { 'content-type': 'application/json' }, payload: '{"UserName":' },
      { method: 'POST', url: '/api/Authenticate/SignIn', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ UserName: 'x'.repeat(2 * 1024 * 1024) }) },
      { method: 'POST', url: '/api/Authenticate/SignIn', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { method: 'DELETE', url: '/login' },
    ];
    for (const call of errors) expect((await t.app.inject(call)).statusCode, String(call.url)).toBeGreaterThanOrEqual(400);
    expect(await answersMissingHeaders(errors)).toEqual([]);
  });
});

describe('Strict-Transport-Security', () => {
  async function hstsOf(publicUrl: string): Promise<Array<string | undefined>> {
    const t = await startTestApp('pglite', { publicUrl });
    try {
      const answers = [await t.app.inject({ url: '/login' }), await t.app.inject({ url: '/api/App/PublicSettings' }), await t.app.inject({ url: '/api/nothing-here' })];
      return answers.map((res) => res.headers['strict-transport-security'] as string | undefined);
    } finally {
      await t.stop();
    }
  }

  it('tells browsers to keep to https, on pages, answers and errors alike, when PUBLIC_URL is https', async () => {
    expect(await hstsOf('https://admin.example.com')).toEqual(Array(3).fill('max-age=31536000; includeSubDomains'));
  });

  it('is not sent when the server is reached over plain http', async () => {
    expect(await hstsOf('http://127.0.0.1:3000')).toEqual([undefined, undefined, undefined]);
  });
});
