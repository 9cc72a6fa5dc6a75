import { it } from 'vitest';
import { launchChromium, openPage, phone, signInThroughForm, startServer } from './harness.ts';
import { seedEveryRoute, settled } from './every-route.ts';
import { measureFit, misfit } from './phone-width.ts';

it('scratch', { timeout: 600_000 }, async () => {
  const { app, baseUrl } = await startServer();
  await seedEveryRoute(app);
  const browser = await launchChromium();
  const { page } = await openPage(browser, phone);
  await page.goto(`${baseUrl}/login`);
  await signInThroughForm(page, baseUrl);
  await page.waitForURL(`${baseUrl}/home`);
  for (const path of (process.env.PATHS ?? '/page').split(',')) {
    await page.goto(`${baseUrl}${path}`);
    await settled(page);
    console.log(path, misfit(await measureFit(page)));
  }
  await browser.close();
  await app.close();
});
