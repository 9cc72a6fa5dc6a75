import sanitizeHtml from 'sanitize-html';
import type { JsonSchema } from '../../engine/core/forms/index.ts';

/**
 * The tags and attributes rich text keeps: what the editor writes, and b/i of older values (the widget library's
 * lists, engine/widgets/rich-text/logic.ts; a test keeps them equal). Links keep href, target and rel only.
 */
export const richTextTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote'];
export const richTextAttributes = ['href', 'target', 'rel'];
export const richTextLinkSchemes = ['http', 'https', 'mailto'];

/** How an entity schema marks a property as rich text. */
export const richTextMediaType = 'text/html';

/** An absolute http(s) address or a mailto: one (the editor's own check, isSafeLinkUrl, is the same; a test compares them). */
const safeLink = /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s]+)$/i;
export const isSafeRichTextLink = (href: string): boolean => safeLink.test(href.trim());

const options: sanitizeHtml.IOptions = {
  allowedTags: richTextTags,
  allowedAttributes: { a: richTextAttributes },
  allowedSchemes: richTextLinkSchemes,
  allowProtocolRelative: false,
  // Unknown tags (Word's o:p, spans, divs, fonts) are dropped and their text kept; these go with all they hold.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'head', 'title', 'xml', 'template', 'iframe', 'object'],
  transformTags: {
    // Headings the editor does not offer stay blocks of their own, as the editor reads them, not run-on text.
    h1: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
    // A kept link opens in a new tab with no handle on this window; one without a safe address loses its attributes
    // and then its tag (below), keeping its text.
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: sanitizeHtml.Attributes = href && isSafeRichTextLink(href) ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {};
      return { tagName, attribs: kept };
    },
  },
  // 'excludeTag' drops the tag and keeps what it holds (renaming it in transformTags would unbalance the closing tags).
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    // Google Docs wraps a whole copied fragment in <b style="font-weight:normal">, which is not bold.
    if (frame.tag === 'b' && /(^|;)\s*font-weight:\s*(normal|400)\b/i.test(frame.attribs.style ?? '')) return 'excludeTag';
    return false;
  },
};

/**
 * Rich text as it may be stored: the allowed formatting only; no styles, classes, comments, Word's mso- markup,
 * scripts, event handlers or javascript: links.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(withoutWordListMarkers(html), options).trim();
}

/**
 * Word writes each list item as a paragraph starting with its bullet or number in a span styled mso-list:Ignore
 * (holding one spacing span), which Word itself hides. Removed before sanitising, so "·" and "1." do not become text;
 * what is left of the markup is sanitised as any other.
 */
function withoutWordListMarkers(html: string): string {
  return html.replace(/<span[^>]*mso-list:\s*Ignore[^>]*>[\s\S]*?<\/span>/gi, '');
}

/** The properties an entity marks as rich text (`"contentMediaType": "text/html"`). */
export function richTextProperties(entity: JsonSchema): string[] {
  return Object.entries(entity.properties ?? {})
    .filter(([, prop]) => (prop as { contentMediaType?: string }).contentMediaType === richTextMediaType)
    .map(([name]) => name);
}

/** The values with every rich-text property of the entity sanitised (other values untouched). */
export function sanitizeRichTextValues(entity: JsonSchema, values: Record<string, unknown>): Record<string, unknown> {
  const rich = richTextProperties(entity).filter((p) => typeof values[p] === 'string');
  if (!rich.length) return values;
  return { ...values, ...Object.fromEntries(rich.map((p) => [p, sanitizeRichText(values[p] as string)])) };
}
