import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startServer } from './harness.ts';

const hint = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunks nearly all of whose code runs on the way to a first screen (the boot script, the first screen, the shell,
 * the form engine) open with V8's compile hint, as served: Chromium compiles them while they download, off the main
 * thread. Vite writes its own preload list at the top of a chunk late in the build, so the hint must be written after
 * it; other chunks (a chart library, say) keep V8's lazy compilation.
 */
describe('the compile hint on the chunks of the first screens', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let assets: string[];

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    assets = await readdir('dist/ui/assets');
  });
  afterAll(async () => { await app?.close(); });

  const served = async (path: string) => {
    const answer = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.status, path).toBe(200);
    return answer.text();
  };
  const asset = (name: string) => {
    const file = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
    expect(file, name).toBeDefined();
    return `/assets/${file}`;
  };

  it('opens every script the page asks for at once: its entry and what it preloads', async () => {
    const page = await served('/login');
    const scripts = [...page.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.some((s) => /\/assets\/first-screen-/.test(s)), scripts.join()).toBe(true);
    for (const path of scripts) expect((await served(path)).startsWith(hint), path).toBe(true);
  });

  it('opens the shell and the form engine, and not a chunk few screens need', async () => {
    for (const name of ['shell', 'FormScreen']) expect((await served(asset(name))).startsWith(hint), name).toBe(true);
    expect((await served(asset('ReportChart'))).includes('allFunctionsCalledOnLoad')).toBe(false);
  });
});
