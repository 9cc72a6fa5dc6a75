import { RICH_TEXT_MAX_LENGTH, textRule } from '../text/logic.ts';

/**
 * The tags rich text may keep: what the editor writes (headings are h2 and h3 only, below the page's title), plus
 * b and i, which older values and other clients use. Everything else (scripts, styles, spans, Word's o:p) is removed.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote'];
/** The attributes rich text may keep, all on links (a link always opens in a new tab, without a handle on this one). */
export const RICH_TEXT_ATTRIBUTES = ['href', 'target', 'rel'];
/** The only addresses a link may have. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'];
/** The target and rel every kept link gets. */
export const RICH_TEXT_LINK_TARGET = '_blank';
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

/** True for an absolute http(s) address or a mailto: one; relative, javascript:, data: and the like are refused. */
export function isSafeLinkUrl(url: string): boolean {
  return /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s]+)$/i.test(url.trim());
}

/**
 * The address a person typed into the link dialog, as a link: "example.org/x" gains https://, an e-mail address
 * gains mailto:; undefined when it cannot be a safe link.
 */
export function linkUrlFromInput(input: string): string | undefined {
  const typed = input.trim();
  if (!typed) return undefined;
  if (isSafeLinkUrl(typed)) return typed;
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(typed)) return `mailto:${typed}`;
  // No scheme at all (a colon before any slash would be one, like javascript:): a web address.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(typed) && /^[^\s/]+\.[^\s/]+/.test(typed)) return `https://${typed}`;
  return undefined;
}

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
