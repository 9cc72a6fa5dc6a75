import { RICH_TEXT_MAX_LENGTH, textRule } from '../text/logic.ts';

/** The tags rich text may keep; everything else (scripts, styles, event handlers) is removed. */
export const RICH_TEXT_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'div', 'span'];
/** The attributes rich text may keep. */
export const RICH_TEXT_ATTRIBUTES = ['href', 'title', 'target', 'rel'];

/**
 * The words a reader sees in an HTML string: tags dropped, entities for spaces turned into spaces.
 * Works without a DOM, so the same check can run anywhere.
 */
export function richTextPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>');
}

/** Rich text rule: required needs visible words (empty paragraphs do not count); at most 8000 characters of HTML. */
export const richTextRule = textRule(RICH_TEXT_MAX_LENGTH, richTextPlainText);
