import sanitizeHtml from 'sanitize-html';
import type { JsonSchema } from '../../engine/core/forms/index.ts';

/** The tags and attributes rich text keeps: the widget library's lists (engine/widgets/rich-text/logic.ts; a test keeps them equal). */
export const richTextTags = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'div', 'span'];
export const richTextAttributes = ['href', 'title', 'target', 'rel'];

/** How an entity schema marks a property as rich text. */
export const richTextMediaType = 'text/html';

const options: sanitizeHtml.IOptions = {
  allowedTags: richTextTags,
  allowedAttributes: { a: richTextAttributes },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; other unknown tags are dropped and their text kept.
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens elsewhere gets no handle on this window.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** Rich text as it may be stored: the allowed formatting only, no scripts, event handlers or javascript: links. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
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
