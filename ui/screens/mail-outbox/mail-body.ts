import DOMPurify from 'dompurify';

/** What an outbox mail's HTML may keep when shown: text formatting, lists, tables and links; nothing that runs or loads. */
const mailTags = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'div', 'span', 'h1', 'h2', 'h3', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'];

// An instance of its own: its hook (links open in a new tab) must not reach the rich-text editor's sanitising.
let purifier: ReturnType<typeof DOMPurify> | undefined;
function mailPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/**
 * A mail's HTML as the outbox shows it: only formatting and links (http, https and mailto), each opening in a new tab,
 * so an administrator can follow an activation link and keep the outbox open. Mail is written by the application, but
 * it carries what users typed (names), so it is never trusted.
 */
export function safeMailHtml(html: string): string {
  return mailPurifier().sanitize(html, { ALLOWED_TAGS: mailTags, ALLOWED_ATTR: ['href', 'title'], ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i });
}

const webAddress = /https?:\/\/[^\s<>"']+/g;

/** A text body cut into plain parts and web addresses, so the addresses can be drawn as links. */
export function textParts(text: string): Array<{ text: string; link: boolean }> {
  const parts: Array<{ text: string; link: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(webAddress)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), link: false });
    parts.push({ text: match[0], link: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), link: false });
  return parts;
}

/** The web addresses a mail's text holds, each once, in order. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(webAddress) ?? [])];
}
