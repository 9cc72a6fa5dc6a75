import { createServer } from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../e2e/harness.ts';

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/**
 * Two widget interactions timed in a real Chromium against a Storybook built for the run: a 2,000-option
 * select opening and filtering, and a 10-number phone list edited. Figures are printed, never asserted.
 */
export async function widgetsBench(): Promise<void> {
  const root = await mkdtemp(join(os.tmpdir(), 'storybook-bench-'));
  const built = spawnSync('npx', ['storybook', 'build', '-o', root, '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('storybook build failed');
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(root, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const page = await browser.newPage();
  const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;

  try {
    // A 2,000-option select: open, then filter.
    await page.goto(`${base}/iframe.html?id=widgets-select--big-data&viewMode=story`);
    const input = page.getByRole('combobox', { name: /Colour/ });
    await input.waitFor();
    await page.waitForFunction(() => document.querySelector('input[role=combobox]') !== null);
    let t = performance.now();
    await input.click();
    await page.getByText('Start typing to search.').waitFor();
    console.log(`widgets: 2000-option select opens: ${ms(t)}`);
    t = performance.now();
    await input.pressSequentially('Option 12', { delay: 0 });
    await page.getByRole('option', { name: 'Option 1234' }).waitFor();
    console.log(`widgets: 2000-option select filters to "Option 12" (includes the 100 ms filter delay): ${ms(t)}`);
    await input.fill('');
    t = performance.now();
    await input.pressSequentially('Op', { delay: 0 });
    await page.getByText('1900 more. Keep typing to narrow the results.').waitFor();
    console.log(`widgets: 2000-option select, two-letter query matching all 2000 (lists 100): ${ms(t)}`);

    // A 10-number phone list: edit one number and save.
    await page.goto(`${base}/iframe.html?id=widgets-phonelist--ten-numbers&viewMode=story`);
    await page.getByRole('button', { name: /^Edit .*0005/ }).waitFor();
    t = performance.now();
    await page.getByRole('button', { name: /^Edit .*0005/ }).click();
    const number = page.getByRole('textbox', { name: /Phone Number/ });
    await number.fill('');
    await number.pressSequentially('5559876543', { delay: 0 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('(555) 987-6543').waitFor();
    console.log(`widgets: 10-number phone list: open edit, type 10 digits, save: ${ms(t)}`);
    t = performance.now();
    await page.getByRole('radio', { name: /987-6543/ }).click();
    await page.waitForFunction(() => (document.querySelector('input[type=radio]:checked') as HTMLInputElement | null)?.getAttribute('aria-label')?.includes('987-6543'));
    console.log(`widgets: 10-number phone list: change the primary: ${ms(t)}`);
  } finally {
    await browser.close();
    server.close();
  }
}
