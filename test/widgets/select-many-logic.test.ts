import { describe, expect, it } from 'vitest';
import {
  canSelectMore, initialSelection, remainingText, selectManyRule, selectedIds, setSpecifyMore, summaryText, toggleSelection,
} from '../../engine/widgets/select-many/logic.ts';

const ctx = (required: boolean, options = {}) => ({ label: 'Colours', required, options });

describe('select-many', () => {
  it("shows 'Please Select...' or 'N selected'", () => {
    expect(summaryText([])).toBe('Please Select...');
    expect(summaryText(['Administrator'])).toBe('Administrator');
    expect(summaryText(['Administrator', 'Staff', 'Reporting'])).toBe('Administrator, Staff, Reporting');
    expect(summaryText(['A', 'B', 'C', 'D'])).toBe('4 selected');
  });
  it("shows 'N selection(s) remaining' only when the maximum is above 0", () => {
    expect(remainingText(1, 3)).toBe('2 selection(s) remaining');
    expect(remainingText(3, 3)).toBe('0 selection(s) remaining');
    expect(remainingText(1, 0)).toBeNull();
    expect(remainingText(1, undefined)).toBeNull();
  });
  it('allows more selections only below a maximum', () => {
    expect(canSelectMore(2, 3)).toBe(true);
    expect(canSelectMore(3, 3)).toBe(false);
    expect(canSelectMore(50, 0)).toBe(true);
  });
  it('reads Ids from either value shape', () => {
    expect(selectedIds([1, 2])).toEqual([1, 2]);
    expect(selectedIds([{ Id: 4, SpecifyMore: 'x' }])).toEqual([4]);
    expect(selectedIds(undefined)).toEqual([]);
  });
  it('toggles keeping the shape, and unchecking drops the SpecifyMore answer', () => {
    const red = { Id: 1, Name: 'Red' };
    expect(toggleSelection([], red, true)).toEqual([1]);
    expect(toggleSelection([], red, false)).toEqual([{ Id: 1, Name: 'Red' }]);
    expect(toggleSelection([{ Id: 1, Name: 'Red', SpecifyMore: 'x' }], red, false)).toEqual([]);
    expect(toggleSelection([1, 2], red, true)).toEqual([2]);
  });
  it('records the SpecifyMore text of a chosen item', () => {
    expect(setSpecifyMore([{ Id: 4 }, { Id: 5 }], 4, 'Teal')).toEqual([{ Id: 4, SpecifyMore: 'Teal' }, { Id: 5 }]);
  });
  it('multi-select required means at least one selected', () => {
    expect(selectManyRule([], ctx(true))).toEqual(['Colours is required.']);
    expect(selectManyRule(undefined, ctx(true))).toEqual(['Colours is required.']);
    expect(selectManyRule([1], ctx(true))).toEqual([]);
    expect(selectManyRule([], ctx(false))).toEqual([]);
  });
  it("over the maximum: 'You have exceeded the maxiumum number of sections.' (as worded)", () => {
    expect(selectManyRule([1, 2, 3], ctx(false, { maxSelections: 2 }))).toEqual(['You have exceeded the maxiumum number of sections.']);
    expect(selectManyRule([1, 2], ctx(false, { maxSelections: 2 }))).toEqual([]);
  });
  it('a minimum uses the catalogue message', () => {
    expect(selectManyRule([1], ctx(false, { minSelections: 2 }))).toEqual(['Must select at least 2 item(s).']);
  });
  it('an untouched select-many starts with the options sent isChecked', () => {
    const options = [{ Id: 1, Name: 'Red', isChecked: true }, { Id: 2, Name: 'Green' }];
    expect(initialSelection(options, true)).toEqual([1]);
    expect(initialSelection(options, false)).toEqual([{ Id: 1, Name: 'Red' }]);
    expect(initialSelection([{ Id: 2, Name: 'Green' }], true)).toBeNull();
  });
});
