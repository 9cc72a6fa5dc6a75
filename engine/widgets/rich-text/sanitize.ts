import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from './logic.ts';

/**
 * Rich text as it may be stored and shown: only the allowed formatting tags and link attributes.
 * Runs in the browser (DOMPurify needs a DOM); the server sanitises again on save.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: RICH_TEXT_TAGS, ALLOWED_ATTR: RICH_TEXT_ATTRIBUTES });
}
