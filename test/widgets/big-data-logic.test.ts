import { describe, expect, it } from 'vitest';
import {
  BIG_DATA_THRESHOLD, FILTER_DELAY_MS, MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS,
  canSearch, filterOptions, isBigData, limitResults, searchDelay, searchStatus,
} from '../../engine/widgets/big-data/logic.ts';

describe('big-data mode of the selects', () => {
  it('switches at 1000 or more options, or when lazy', () => {
    expect(BIG_DATA_THRESHOLD).toBe(1000);
    expect(isBigData(999, false)).toBe(false);
    expect(isBigData(1000, false)).toBe(true);
    expect(isBigData(3, true)).toBe(true);
  });
  it('searches from 2 characters', () => {
    expect(MIN_SEARCH_LENGTH).toBe(2);
    expect(canSearch('a')).toBe(false);
    expect(canSearch(' a ')).toBe(false);
    expect(canSearch('ab')).toBe(true);
  });
  it('debounces server search 800 ms and filters in memory after 100 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(800);
    expect(FILTER_DELAY_MS).toBe(100);
    expect(searchDelay(true)).toBe(800);
    expect(searchDelay(false)).toBe(100);
  });
  it('filters by name ignoring case, never returning the placeholder', () => {
    const options = [{ Id: -1, Name: 'Please Select' }, { Id: 1, Name: 'Apple' }, { Id: 2, Name: 'Pear' }];
    expect(filterOptions(options, 'AP')).toEqual([{ Id: 1, Name: 'Apple' }]);
    expect(filterOptions(options, 'se')).toEqual([]);
  });
  it("shows 'Start typing to search.', 'Please Wait...' and 'No results.'", () => {
    expect(searchStatus('a', false, 0)).toBe('Start typing to search.');
    expect(searchStatus('ab', true, 0)).toBe('Please Wait...');
    expect(searchStatus('ab', false, 0)).toBe('No results.');
    expect(searchStatus('ab', false, 3)).toBeNull();
  });
  it('lists at most 100 results, then a disabled note of how many more match', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ Id: i + 1, Name: `O${i}` }));
    const shown = limitResults(many);
    expect(shown).toHaveLength(101);
    expect(shown[100]).toEqual({ Id: -2, Name: '150 more. Keep typing to narrow the results.', IsLocked: true });
    expect(limitResults(many.slice(0, 100))).toHaveLength(100);
  });
});
