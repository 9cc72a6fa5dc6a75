import { wordListsAsLists } from './word-lists.ts';

/**
 * Pasted HTML before the editor reads it. The editor's schema is what keeps only formatting; this only spares the
 * page's console: Chromium reports every inline handler (onerror, onload) it meets while parsing, even in an inert
 * document, as a blocked script. Handlers are cut out of the tags as text first, then Word's lists become lists.
 */
export function pastedHtmlForEditor(html: string): string {
  const withoutHandlers = html.replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, ''));
  return wordListsAsLists(withoutHandlers);
}
