/**
 * Addresses that look like this application's pages but that a browser takes to another site (or to no page at all):
 * the URL parser reads '\' as '/', drops tabs and newlines, and reads 'https:host' as 'https://host'.
 */
export const offSiteUrls = [
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  'https:evil.example',
  'https:/\\evil.example',
  'https:\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
];

/** Pages of this application, as a menu item names them. */
export const appPaths = ['/', '/user', '/pages/3/records?q=a%2Fb#top', '/%5Cstays-here', '/a/../b'];

/** Web addresses of other sites: allowed, and always treated as external. */
export const webAddresses = ['https://example.org', 'http://example.org/handbook?x=1'];
