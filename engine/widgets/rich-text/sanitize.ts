import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_REL, RICH_TEXT_LINK_TARGET, RICH_TEXT_TAGS } from './logic.ts';

// An instance of its own, so its hook (every link opens in a new tab) reaches no other sanitising.
let purifier: ReturnType<typeof DOMPurify> | undefined;
function richTextPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    node.setAttribute('target', RICH_TEXT_LINK_TARGET);
    node.setAttribute('rel', RICH_TEXT_LINK_REL);
  });
  return purifier;
}

/**
 * Rich text as it may be stored and shown: only the allowed formatting tags, and links to http(s) and mailto: addresses.
 * Runs in the browser (DOMPurify needs a DOM); the server sanitises again on save (server/lib/rich-text.ts).
 */
export function sanitizeRichText(html: string): string {
  return richTextPurifier().sanitize(html, { ALLOWED_TAGS: RICH_TEXT_TAGS, ALLOWED_ATTR: RICH_TEXT_ATTRIBUTES, ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:)/i });
}
