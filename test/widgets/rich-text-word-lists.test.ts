// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordListsAsLists } from '../../engine/widgets/rich-text/word-lists.ts';

const wordClipboard = readFileSync(resolve('test/fixtures/rich-text/word-clipboard.html'), 'utf8');
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim();

describe("Word's list paragraphs pasted into rich text", () => {
  it('become a bulleted and a numbered list, without the hidden bullets and numbers', () => {
    const doc = new DOMParser().parseFromString(wordListsAsLists(wordClipboard), 'text/html');
    const lists = Array.from(doc.body.querySelectorAll('ul, ol'));
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(Array.from(lists[0].children).map(text)).toEqual(['Replace the valve', 'Bleed the radiators', 'Check the flue']);
    expect(Array.from(lists[1].children).map(text)).toEqual(['Order the part', 'Book the revisit']);
    expect(lists[0].querySelector('u')?.textContent).toBe('radiators');
    expect(doc.body.textContent).not.toMatch(/·|\b1\./);
    // The paragraph between the lists and the ones around them are untouched.
    expect(text(lists[0].previousElementSibling)).toMatch(/^The engineer called/);
  });

  it('nest by their level; a level-2 "o" bullet goes inside the item before it', () => {
    const item = (level: number, marker: string, words: string) =>
      `<p class=MsoListParagraph style='mso-list:l0 level${level} lfo1'><span style='mso-list:Ignore'>${marker}<span>&nbsp;</span></span>${words}</p>`;
    const html = wordListsAsLists(item(1, 'a)', 'Plan') + item(2, 'o', 'Draw') + item(2, 'o', 'Cost') + item(1, 'b)', 'Build'));
    expect(html).toBe('<ol><li>Plan<ul><li>Draw</li><li>Cost</li></ul></li><li>Build</li></ol>');
  });

  it('leave HTML without Word lists as it was', () => {
    const html = '<p class="MsoNormal">Plain <b>text</b></p><ul><li>kept</li></ul>';
    expect(wordListsAsLists(html)).toBe(html);
  });
});
