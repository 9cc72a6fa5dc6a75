import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page, type ConsoleMessage } from 'playwright-core';
import { pgliteSnapshot } from '../server/pglite-snapshot.ts';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, type Config } from '../../server/config.ts';

export const adminPassword = 'E2eAdmin123';
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = path.resolve('test-results/screenshots');

/**
 * The real server with the built UI on a free port, on a fresh in-memory PGlite. `overrides` change the
 * configuration (an SMTP server to catch mail, short session durations); links in mail point at this server.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; baseUrl: string }> {
  // The shipped forms (metadata/forms) only where a test asks for them (applyShippedForms: true), as in the server suites.
  const config: Config = { ...configFromEnv({}), inMemoryDatabase: true, pgliteSnapshot: await pgliteSnapshot(), adminPassword, jwtSecret: 'e2e-secret-e2e-secret-e2e-secret', port: 0, applyShippedForms: false, ...overrides };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The port is known only now; mail links are made from config.publicUrl when the mail is sent.
  if (!overrides.publicUrl) app.config.publicUrl = baseUrl;
  return { app, baseUrl };
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * E2E_CPU_THROTTLE=4 runs every page at a quarter of this machine's speed (Chromium's own throttling), to find
 * the checks that hold only on a fast machine before a slower CI machine does. A throttled page keeps using CPU
 * while it is open, so a test closes the pages it is done with.
 */
const cpuThrottle = Number(process.env.E2E_CPU_THROTTLE ?? 1);

async function throttled(page: Page): Promise<void> {
  if (cpuThrottle <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
}

/** A phone's screen (390x844 CSS pixels, touch, a mobile viewport): pass to `openPage`. */
export const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

/**
 * A page that records console errors and uncaught exceptions, so a test can insist there were none. A desktop
 * window unless `device` says otherwise (`phone`).
 */
export async function openPage(browser: Browser, device: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await throttled(page);
  context.on('page', (opened) => void throttled(opened)); // tabs the test opens later
  const consoleErrors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  return { page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export async function signInThroughForm(page: Page, baseUrl: string, userName = 'admin', password = adminPassword): Promise<void> {
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
}

/** Chromium and a page signed in (as the administrator unless told), on /home, for a server already started. */
export async function signedInBrowser(baseUrl: string, userName = 'admin', password = adminPassword): Promise<{ browser: Browser; page: Page; consoleErrors: string[] }> {
  const browser = await launchChromium();
  const { page, consoleErrors } = await openPage(browser);
  await page.goto(`${baseUrl}/login`);
  await signInThroughForm(page, baseUrl, userName, password);
  await page.waitForURL(`${baseUrl}/home`);
  return { browser, page, consoleErrors };
}

/** The server, Chromium and a page signed in as the administrator, on /home. */
export async function startSignedIn(overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; baseUrl: string; browser: Browser; page: Page; consoleErrors: string[] }> {
  const { app, baseUrl } = await startServer(overrides);
  return { app, baseUrl, ...(await signedInBrowser(baseUrl)) };
}

/** The signed-in user's token and session as the app keeps them, for calling the API directly as that user. */
export async function credentialsOf(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => localStorage.getItem('metadmin.session'));
  const { state } = JSON.parse(stored ?? '{}') as { state: { token: string; session: { SessionId: string } } };
  return { authorization: `Bearer ${state.token}`, 'session-id': state.session.SessionId };
}

/**
 * Opens a main-menu entry wherever it sits: on the tier shown, or in the Administration group, where a fresh menu keeps
 * the screens that administer the application (migration 124). Waits for the menu first.
 */
export async function openMenuEntry(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const link = nav.getByRole('link', { name, exact: true });
  const group = nav.getByRole('button', { name: 'Administration', exact: true });
  const mainMenu = nav.getByRole('button', { name: 'Main Menu', exact: true });
  await link.or(group).or(mainMenu).first().waitFor();
  if (!(await link.isVisible())) {
    if (await mainMenu.isVisible()) await mainMenu.click();
    await group.click();
  }
  await link.click();
}

/**
 * Brings the main menu back to its first tier until `entry` shows there: the menu keeps the group it was left in (the
 * Administration group, after an administration screen was opened from it) across pages and reloads.
 */
export async function showMainTier(page: Page, entry: Locator): Promise<void> {
  const mainMenu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Main Menu', exact: true });
  await expect.poll(async () => {
    if (await mainMenu.isVisible()) await mainMenu.click({ timeout: 2_000 }).catch(() => undefined);
    return entry.isVisible();
  }).toBe(true);
}
