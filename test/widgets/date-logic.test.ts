import { describe, expect, it } from 'vitest';
import {
  datePickerConfigErrors, defaultDatePickerConfig, resolveDatePickerConfig, viewsFor,
} from '../../engine/widgets/date-picker/config.ts';
import {
  dateRule, fromStoredDate, parseDateInput, roundToHalfHour, toStoredDate,
} from '../../engine/widgets/date-picker/input.ts';
import { dateRangeLabel, dateRangeRule, isRangeOrdered } from '../../engine/widgets/date-range/logic.ts';
import { numberRangeRule, rangeEndCodec } from '../../engine/widgets/number-range/logic.ts';

describe('date picker configuration', () => {
  it('defaults: minuteStep 5, minView minute, startView day, weekStart 0, controlType picker', () => {
    expect(defaultDatePickerConfig).toMatchObject({ minuteStep: 5, minView: 'minute', startView: 'day', weekStart: 0, controlType: 'picker' });
    expect(resolveDatePickerConfig()).toEqual(defaultDatePickerConfig);
  });
  it('views go year, month, day, hour, minute', () => {
    expect(viewsFor('minute')).toEqual(['year', 'month', 'day', 'hour', 'minute']);
    expect(viewsFor('day')).toEqual(['year', 'month', 'day']);
  });
  it('minuteStep must be numeric, above 0 and below 60', () => {
    expect(datePickerConfigErrors({ minuteStep: 1 })).toEqual([]);
    expect(datePickerConfigErrors({ minuteStep: 59 })).toEqual([]);
    for (const bad of [0, 60, -5, '5', Number.NaN]) expect(datePickerConfigErrors({ minuteStep: bad })).toHaveLength(1);
  });
  it('weekStart must be 0 to 6', () => {
    expect(datePickerConfigErrors({ weekStart: 6 })).toEqual([]);
    expect(datePickerConfigErrors({ weekStart: 7 })).toHaveLength(1);
    expect(datePickerConfigErrors({ weekStart: -1 })).toHaveLength(1);
  });
  it('startView must not be smaller than minView', () => {
    expect(datePickerConfigErrors({ minView: 'day', startView: 'month' })).toEqual([]);
    expect(datePickerConfigErrors({ minView: 'day', startView: 'hour' })).toEqual(['startView must not be smaller than minView.']);
  });
  it('views are minute, hour, day, month or year; controlType picker or filter', () => {
    expect(datePickerConfigErrors({ minView: 'week' })).toHaveLength(1);
    expect(datePickerConfigErrors({ controlType: 'filter' })).toEqual([]);
    expect(datePickerConfigErrors({ controlType: 'inline' })).toEqual(['controlType must be picker or filter.']);
  });
  it('unknown options are rejected and make resolving raise an error', () => {
    expect(datePickerConfigErrors({ colour: 'red' })).toEqual(['Unknown date picker option: colour']);
    expect(() => resolveDatePickerConfig({ colour: 'red' })).toThrow(/Unknown date picker option: colour/);
    expect(() => resolveDatePickerConfig({ minuteStep: 0 })).toThrow(/minuteStep/);
  });
});

describe('date input', () => {
  it('reads mm/dd/yyyy with an optional time', () => {
    expect(parseDateInput('03/14/2026')?.toDateString()).toBe(new Date(2026, 2, 14).toDateString());
    const withTime = parseDateInput('03/14/2026 03:30 PM');
    expect([withTime?.getHours(), withTime?.getMinutes()]).toEqual([15, 30]);
  });
  it('rejects a month over 12', () => {
    expect(parseDateInput('13/01/2026')).toBeNull();
  });
  it('rejects a year over 9000', () => {
    expect(parseDateInput('01/01/9000')).not.toBeNull();
    expect(parseDateInput('01/01/9001')).toBeNull();
  });
  it("rejects days past the month's end", () => {
    expect(parseDateInput('02/29/2023')).toBeNull();
    expect(parseDateInput('02/29/2024')).not.toBeNull();
    expect(parseDateInput('04/31/2026')).toBeNull();
  });
  it('optionally rounds minutes to 0 or 30', () => {
    const at = (h: number, m: number) => roundToHalfHour(new Date(2026, 0, 1, h, m, 20));
    expect([at(9, 14).getHours(), at(9, 14).getMinutes()]).toEqual([9, 0]);
    expect([at(9, 15).getHours(), at(9, 15).getMinutes()]).toEqual([9, 30]);
    expect([at(9, 44).getHours(), at(9, 44).getMinutes()]).toEqual([9, 30]);
    expect([at(9, 45).getHours(), at(9, 45).getMinutes()]).toEqual([10, 0]);
    expect(at(23, 50).getDate()).toBe(2);
  });
  it('stores date-only values as yyyy-MM-dd and others as UTC ISO strings', () => {
    const d = new Date(2026, 2, 4, 10, 30);
    expect(toStoredDate(d, true)).toBe('2026-03-04');
    expect(toStoredDate(d, false)).toBe(d.toISOString());
    expect(fromStoredDate('2026-03-04')?.getDate()).toBe(4);
    expect(fromStoredDate('2026-02-30')).toBeNull();
  });
  it("a stored value that is not a date gives '{0} is not a valid date.'", () => {
    const ctx = { label: 'When', required: true, options: {} };
    expect(dateRule('invalid', ctx)).toEqual(['When is not a valid date.']);
    expect(dateRule(undefined, ctx)).toEqual(['When is required.']);
    expect(dateRule('2026-03-04', ctx)).toEqual([]);
  });
});

describe('date range', () => {
  const ctx = (options = {}, required = false) => ({ label: 'Range', required, options });
  it("is labelled 'Display Date Range' by default", () => {
    expect(dateRangeLabel({})).toBe('Display Date Range');
    expect(dateRangeLabel({ label: 'Period' })).toBe('Period');
  });
  it('the start must be before the end', () => {
    expect(isRangeOrdered('2026-01-01', '2026-01-02', false)).toBe(true);
    expect(isRangeOrdered('2026-01-02', '2026-01-02', false)).toBe(false);
    expect(dateRangeRule({ StartDate: '2026-01-02', EndDate: '2026-01-02' }, ctx())).toEqual({ '': ['The start date must be before the end date.'] });
  });
  it('or on or before it when same-day is allowed', () => {
    expect(isRangeOrdered('2026-01-02', '2026-01-02', true)).toBe(true);
    expect(isRangeOrdered('2026-01-03', '2026-01-02', true)).toBe(false);
    expect(dateRangeRule({ StartDate: '2026-01-02', EndDate: '2026-01-02' }, ctx({ allowSameDay: true }))).toEqual({});
  });
  it('a required range needs both ends', () => {
    expect(dateRangeRule({ StartDate: '2026-01-02' }, ctx({}, true))).toEqual({ EndDate: ['End Date is required.'] });
  });
});

describe('number range', () => {
  const ctx = (required: boolean) => ({ label: 'Amount', required, options: {} });
  it('reads ends as numbers (pasted thousands separators too); anything else is kept as typed', () => {
    const read = (text: string, pattern?: string) => rangeEndCodec(pattern).read(text);
    expect(read('1.5')).toEqual({ kind: 'value', value: 1.5 });
    expect(read('-2')).toEqual({ kind: 'value', value: -2 });
    expect(read('1,234.50')).toEqual({ kind: 'value', value: 1234.5 });
    expect(read('1.2.3')).toEqual({ kind: 'invalid' });
    expect(read(' ')).toEqual({ kind: 'empty' });
    expect(read('12', '^\\d+$')).toEqual({ kind: 'value', value: 12 });
    expect(read('1.5', '^\\d+$')).toEqual({ kind: 'invalid' });
  });
  it("start and end are required: 'The number range nust include at least one number.' (as worded)", () => {
    expect(numberRangeRule({ Start: 1 }, ctx(true))).toEqual({ '': ['The number range nust include at least one number.'] });
    expect(numberRangeRule({}, ctx(true))).toEqual({ '': ['The number range nust include at least one number.'] });
    expect(numberRangeRule({ Start: 1, End: 2 }, ctx(true))).toEqual({});
    expect(numberRangeRule({}, ctx(false))).toEqual({});
  });
  it('each end must be a decimal number', () => {
    expect(numberRangeRule({ Start: '1.2.3', End: 2 }, ctx(false))).toEqual({ Start: ['Must be a valid decimal number.'] });
  });
  it('the start may not exceed the end', () => {
    expect(numberRangeRule({ Start: 5, End: 2 }, ctx(false))).toEqual({ '': ['Minimum value must be less than maximum value.'] });
  });
});
