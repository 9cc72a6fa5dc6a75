/**
 * Word does not paste lists as lists: each item is a paragraph styled `mso-list:l0 level1 lfo1` that starts with its
 * bullet or number as text in a span styled `mso-list:Ignore` (hidden from Word itself by `[if !supportLists]`).
 * Left alone, a pasted list would become paragraphs beginning with "·" or "1.". These turn such runs of paragraphs
 * into ul/ol lists, nested by their level; other HTML comes back unchanged.
 */
export function wordListsAsLists(html: string): string {
  if (!/mso-list:\s*l\d/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const items = Array.from(doc.body.querySelectorAll('p')).filter((p) => /mso-list:\s*l\d/i.test(p.getAttribute('style') ?? ''));
  let open: Array<{ list: HTMLElement; level: number }> = [];
  let previous: Element | undefined;
  for (const paragraph of items) {
    // A paragraph between two list paragraphs ends the list.
    if (!previous || paragraph.previousElementSibling !== previous) open = [];
    const style = paragraph.getAttribute('style') ?? '';
    const level = Number(/level(\d+)/i.exec(style)?.[1] ?? 1);
    const tag = isNumbered(takeMarker(paragraph)) ? 'ol' : 'ul';
    while (open.length && open[open.length - 1].level > level) open.pop();
    let top = open[open.length - 1];
    if (top && top.level === level && top.list.tagName.toLowerCase() !== tag) {
      open.pop();
      top = open[open.length - 1];
    }
    if (!top || top.level < level) {
      const list = doc.createElement(tag);
      const parentItem = top?.list.lastElementChild;
      if (parentItem) parentItem.append(list);
      else paragraph.before(list);
      top = { list, level };
      open.push(top);
    }
    const item = doc.createElement('li');
    item.append(...Array.from(paragraph.childNodes));
    top.list.append(item);
    previous = paragraph;
    // Kept (empty) until the next paragraph has been compared with it, then removed with the others below.
  }
  for (const paragraph of items) paragraph.remove();
  return doc.body.innerHTML;
}

/** Removes the paragraph's bullet or number (Word's `mso-list:Ignore` span) and returns its text. */
function takeMarker(paragraph: Element): string {
  const marker = Array.from(paragraph.querySelectorAll('span')).find((span) => /mso-list:\s*Ignore/i.test(span.getAttribute('style') ?? ''));
  if (!marker) return '';
  const text = (marker.textContent ?? '').replace(/\u00a0/g, ' ').trim();
  marker.remove();
  return text;
}

/** "1.", "a)", "iv." and the like number an item; "·", "o", "§" and other symbols are bullets. */
function isNumbered(marker: string): boolean {
  return /^(\d+|[a-z]|[ivxlc]+)[.)]$/i.test(marker);
}
