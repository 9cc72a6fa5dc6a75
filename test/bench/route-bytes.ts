import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { launchChromium, signInThroughForm } from '../e2e/harness.ts';

export interface RouteBytes { route: string; files: number; wire: number; uncompressed: number }

/**
 * JavaScript the page receives until `done` resolves, from Chromium's own network events: files, bytes on the wire
 * (headers and body as sent, compressed where it was) and bytes once decoded.
 */
async function scriptsDuring(cdp: CDPSession, page: Page, done: () => Promise<unknown>): Promise<Omit<RouteBytes, 'route'>> {
  const scripts = new Map<string, { wire: number; uncompressed: number }>();
  const onResponse = (e: { requestId: string; type: string }) => { if (e.type === 'Script') scripts.set(e.requestId, { wire: 0, uncompressed: 0 }); };
  const onData = (e: { requestId: string; dataLength: number }) => { const s = scripts.get(e.requestId); if (s) s.uncompressed += e.dataLength; };
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => { const s = scripts.get(e.requestId); if (s) s.wire = e.encodedDataLength; };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.dataReceived', onData);
  cdp.on('Network.loadingFinished', onFinished);
  await done();
  await page.waitForLoadState('networkidle');
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.dataReceived', onData);
  cdp.off('Network.loadingFinished', onFinished);
  const sizes = [...scripts.values()];
  return { files: sizes.length, wire: sizes.reduce((n, s) => n + s.wire, 0), uncompressed: sizes.reduce((n, s) => n + s.uncompressed, 0) };
}

/**
 * The JavaScript a first visit to each route costs (browser cache off): /login before sign-in, then, signed in,
 * each of `routes` opened by its address, until `shown` (a part of its screen) is visible.
 */
export async function javaScriptPerRoute(baseUrl: string, userName: string, password: string, routes: Array<{ route: string; shown: (page: Page) => Locator }>): Promise<RouteBytes[]> {
  const browser: Browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const figures: RouteBytes[] = [];
    const login = await scriptsDuring(cdp, page, async () => {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'LOG IN' }).waitFor();
    });
    figures.push({ route: '/login', ...login });
    await signInThroughForm(page, baseUrl, userName, password);
    await page.waitForURL(`${baseUrl}/home`);
    for (const { route, shown } of routes) {
      const opened = await scriptsDuring(cdp, page, async () => {
        await page.goto(`${baseUrl}${route}`);
        await shown(page).first().waitFor();
      });
      figures.push({ route, ...opened });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
