import { describe, expect, it } from 'vitest';
import { isAppPath, isWebAddress } from '../../../engine/core/menu.ts';
import { appPaths, offSiteUrls, webAddresses } from './off-site-urls.ts';

const origin = 'https://admin.example.org';

/** Issue 28.5: '/\evil.example' was taken for a page of this application; the browser opens http://evil.example/. */
describe('a menu URL is a page of this application only when the browser resolves it on this origin', () => {
  it.each(offSiteUrls)('%j is no page of this application, nor a web address', (url) => {
    expect(isAppPath(url, origin)).toBe(false);
    expect(isAppPath(url)).toBe(false);
    expect(isWebAddress(url)).toBe(false);
  });

  it("the list holds the addresses the URL parser itself resolves to another site ('/\\host' among them)", () => {
    const elsewhere = offSiteUrls.filter((url) => new URL(url, origin).origin !== origin);
    expect(elsewhere).toEqual(expect.arrayContaining(['//evil.example', '/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/\n/evil.example', '\\\\evil.example']));
    expect(new URL('/\\evil.example', origin).href).toBe('https://evil.example/');
  });

  it.each(appPaths)('%j is a page of this application, and resolves on its origin', (url) => {
    expect(new URL(url, origin).origin).toBe(origin);
    expect(isAppPath(url, origin)).toBe(true);
    expect(isWebAddress(url)).toBe(false);
  });

  it.each(webAddresses)('%j is a web address, never a page of this application', (url) => {
    expect(isWebAddress(url)).toBe(true);
    expect(isAppPath(url, origin)).toBe(false);
  });
});
