import { describe, expect, it } from 'vitest';
import { isSelected, placeholderOption, resolveSelectValue, selectRule, withPlaceholder, withStoredChoice } from '../../engine/widgets/select/logic.ts';

const ctx = (required: boolean) => ({ label: 'Colour', required, options: {} });

describe('single select', () => {
  it("offers the placeholder Id -1 'Please Select' first", () => {
    expect(placeholderOption).toEqual({ Id: -1, Name: 'Please Select' });
    expect(withPlaceholder([{ Id: 1, Name: 'Red' }]).map((o) => o.Id)).toEqual([-1, 1]);
  });
  it('never shows the placeholder twice when the server sent one', () => {
    expect(withPlaceholder([{ Id: -1, Name: 'x' }, { Id: 1, Name: 'Red' }]).map((o) => o.Id)).toEqual([-1, 1]);
  });
  it('offers a stored choice first while the options lack it, once only, and never the placeholder', () => {
    const options = [{ Id: 1, Name: 'Red' }];
    expect(withStoredChoice([], { Id: 2, Name: 'Green' })).toEqual([{ Id: 2, Name: 'Green' }]);
    expect(withStoredChoice(options, { Id: 2, Name: 'Green' }).map((o) => o.Id)).toEqual([2, 1]);
    expect(withStoredChoice(options, { Id: 1, Name: 'Red' }).map((o) => o.Id)).toEqual([1]);
    expect(withStoredChoice(options, { Id: -1, Name: 'Please Select' }).map((o) => o.Id)).toEqual([1]);
    expect(withStoredChoice(options, null)).toEqual(options);
  });
  it('with no value, it selects the placeholder', () => {
    expect(resolveSelectValue(undefined, [{ Id: 1, Name: 'a' }, { Id: 2, Name: 'b' }], true)).toBe(-1);
    expect(resolveSelectValue(null, [{ Id: 1, Name: 'a' }], false)).toBe(-1);
  });
  it('with one real option and required, it auto-selects that option', () => {
    expect(resolveSelectValue(undefined, [{ Id: -1, Name: 'Please Select' }, { Id: 7, Name: 'only' }], true)).toBe(7);
    expect(resolveSelectValue(-1, [{ Id: 7, Name: 'only' }], true)).toBe(7);
  });
  it('does not auto-select when not required or when there are several options', () => {
    expect(resolveSelectValue(undefined, [{ Id: 7, Name: 'only' }], false)).toBe(-1);
    expect(resolveSelectValue(undefined, [{ Id: 7, Name: 'a' }, { Id: 8, Name: 'b' }], true)).toBe(-1);
  });
  it('keeps an existing choice', () => {
    expect(resolveSelectValue(8, [{ Id: 7, Name: 'a' }, { Id: 8, Name: 'b' }], true)).toBe(8);
  });
  it('required means a value other than Id -1', () => {
    expect(isSelected(-1)).toBe(false);
    expect(isSelected(undefined)).toBe(false);
    expect(isSelected(0)).toBe(true);
    expect(selectRule(-1, ctx(true))).toEqual(['Colour is required.']);
    expect(selectRule(undefined, ctx(true))).toEqual(['Colour is required.']);
    expect(selectRule(3, ctx(true))).toEqual([]);
    expect(selectRule(-1, ctx(false))).toEqual([]);
  });
});
