import { describe, expect, it } from 'vitest';
import {
  PHONE_MAX_LENGTH, RICH_TEXT_MAX_LENGTH, TEXT_AREA_MAX_LENGTH, TEXT_MAX_LENGTH, hasText, textAreaRule, textInputRule,
} from '../../engine/widgets/text/logic.ts';
import { richTextPlainText, richTextRule } from '../../engine/widgets/rich-text/logic.ts';

const MAX = 'You have exceeded the maximum character length allowable for this field.';
const ctx = (required: boolean, options = {}) => ({ label: 'Notes', required, options });

describe('text controls', () => {
  it('default max lengths: text 200, text area 2000, rich text 8000, phone 200', () => {
    expect([TEXT_MAX_LENGTH, TEXT_AREA_MAX_LENGTH, RICH_TEXT_MAX_LENGTH, PHONE_MAX_LENGTH]).toEqual([200, 2000, 8000, 200]);
  });
  it('text over 200 characters gives the maximum message', () => {
    expect(textInputRule('x'.repeat(200), ctx(false))).toEqual([]);
    expect(textInputRule('x'.repeat(201), ctx(false))).toEqual([MAX]);
  });
  it('a field maximum replaces the default', () => {
    expect(textInputRule('x'.repeat(11), ctx(false, { maxLength: 10 }))).toEqual([MAX]);
  });
  it('a schema maxLength is left to ajv', () => {
    expect(textInputRule('x'.repeat(300), ctx(false, { schemaMaxLength: 250 }))).toEqual([]);
  });
  it('text area over 2000 characters gives the maximum message', () => {
    expect(textAreaRule('x'.repeat(2000), ctx(false))).toEqual([]);
    expect(textAreaRule('x'.repeat(2001), ctx(false))).toEqual([MAX]);
  });
  it('text area required ignores whitespace and line breaks', () => {
    expect(hasText(' \n\t\r\n ')).toBe(false);
    expect(textAreaRule(' \n \n', ctx(true))).toEqual(['Notes is required.']);
    expect(textAreaRule(' a ', ctx(true))).toEqual([]);
  });
  it('rich text over 8000 characters gives the maximum message', () => {
    expect(richTextRule(`${'x'.repeat(7993)}`, ctx(false))).toEqual([]);
    expect(richTextRule(`<p>${'x'.repeat(7994)}</p>`, ctx(false))).toEqual([MAX]);
  });
  it('rich text required needs visible words, not empty paragraphs', () => {
    expect(richTextPlainText('<p>&nbsp;</p><p><br></p>').trim()).toBe('');
    expect(richTextRule('<p>&nbsp;</p><p><br></p>', ctx(true))).toEqual(['Notes is required.']);
    expect(richTextRule('<p>Hi</p>', ctx(true))).toEqual([]);
  });
});
