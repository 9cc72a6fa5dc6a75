import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../e2e/harness.ts';

/** Starts the real server and resolves with the milliseconds until GET /login first answers 200. */
async function timeToFirstLogin(dataDir: string, port: number): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'Bench12345', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.status === 200) return { ms: performance.now() - started, child };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Gzipped bytes of every script the /login page loads in Chromium. */
async function loginJavaScript(baseUrl: string): Promise<{ files: number; raw: number; gzip: number }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: Buffer[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(await res.body());
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    return {
      files: scripts.length,
      raw: scripts.reduce((n, b) => n + b.length, 0),
      gzip: scripts.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

/** Cold start (empty DATA_DIR: database created and migrated, admin made), warm start, and /login's JavaScript. */
export async function startupBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metadmin-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  try {
    const cold = await timeToFirstLogin(dataDir, port);
    await stop(cold.child);
    const warm = await timeToFirstLogin(dataDir, port);
    const js = await loginJavaScript(`http://127.0.0.1:${port}`);
    await stop(warm.child);
    console.log(`startup: cold start to first 200 on /login   ${cold.ms.toFixed(0)} ms`);
    console.log(`startup: warm start to first 200 on /login   ${warm.ms.toFixed(0)} ms`);
    console.log(`startup: JavaScript loaded by /login         ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzipped`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
