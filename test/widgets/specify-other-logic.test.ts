import { describe, expect, it } from 'vitest';
import { activeOthers, canAddOther, newOtherItem, removeOther, specifyOtherRule } from '../../engine/widgets/specify-other/logic.ts';

const item = (Id: number, Name = 'x', IsActive = true) => ({ Id, Name, IsActive });
const ctx = (options = {}, required = false) => ({ label: 'Others', required, options });

describe('specify-other list', () => {
  it('a new entry has Id 0 and is active', () => {
    expect(newOtherItem()).toEqual({ Id: 0, IsActive: true, Name: '' });
  });
  it('the add button is disabled when the maximum is reached', () => {
    expect(canAddOther([item(1)], 2)).toBe(true);
    expect(canAddOther([item(1), item(2)], 2)).toBe(false);
    expect(canAddOther([item(1), item(2, 'y', false)], 2)).toBe(true);
    expect(canAddOther([item(1), item(2)], 0)).toBe(true);
  });
  it('removing keeps saved entries as inactive and drops unsaved ones', () => {
    expect(removeOther([item(5), item(0)], 0)).toEqual([item(5, 'x', false), item(0)]);
    expect(removeOther([item(5), item(0)], 1)).toEqual([item(5)]);
    expect(activeOthers(removeOther([item(5)], 0))).toEqual([]);
  });
  it('required means at least one entry', () => {
    expect(specifyOtherRule([], ctx({}, true))).toEqual(['Others is required.']);
    expect(specifyOtherRule([item(1, 'a', false)], ctx({}, true))).toEqual(['Others is required.']);
    expect(specifyOtherRule([], ctx())).toEqual([]);
  });
  it('the minimum applies only when required', () => {
    expect(specifyOtherRule([item(1)], ctx({ min: 2 }, true))).toEqual(['Must select at least 2 item(s).']);
    expect(specifyOtherRule([item(1)], ctx({ min: 2 }, false))).toEqual([]);
  });
  it("over the maximum: 'You have exceeded the maxim number of permitted Other fields.' (as worded)", () => {
    expect(specifyOtherRule([item(1), item(2)], ctx({ max: 1 }))).toEqual(['You have exceeded the maxim number of permitted Other fields.']);
  });
  it('each entry needs text', () => {
    expect(specifyOtherRule([item(0, '  ')], ctx())).toEqual(['Other is required.']);
  });
});
