import { describe, expect, it } from 'vitest';
import {
  clampPage, formatGridQuery, gridReducer, initialGridState, lastPageOf, parseGridQuery, parseSorts, toggleSort,
} from '../../engine/core/grid-state.ts';

const defaults = { pageSize: 50, sorts: [{ field: 'LastName', dir: 'asc' as const }] };

describe('grid state', () => {
  it('toggles a sort between asc and desc', () => {
    expect(toggleSort([], 'A', false)).toEqual([{ field: 'A', dir: 'asc' }]);
    expect(toggleSort([{ field: 'A', dir: 'asc' }], 'A', false)).toEqual([{ field: 'A', dir: 'desc' }]);
    expect(toggleSort([{ field: 'A', dir: 'desc' }], 'A', false)).toEqual([{ field: 'A', dir: 'asc' }]);
  });

  it('a plain click sorts by that column alone; an additive click keeps the other sorts in order', () => {
    const two = [{ field: 'A', dir: 'asc' as const }, { field: 'B', dir: 'desc' as const }];
    expect(toggleSort(two, 'C', false)).toEqual([{ field: 'C', dir: 'asc' }]);
    // A plain click on a column below the first sort makes it the only one (rows move), not a second one under it.
    expect(toggleSort(two, 'B', false)).toEqual([{ field: 'B', dir: 'asc' }]);
    // On the first sort's column it turns around, and the others go.
    expect(toggleSort(two, 'A', false)).toEqual([{ field: 'A', dir: 'desc' }]);
    expect(toggleSort(two, 'C', true)).toEqual([...two, { field: 'C', dir: 'asc' }]);
    expect(toggleSort(two, 'B', true)).toEqual([two[0], { field: 'B', dir: 'asc' }]);
  });

  it('changing page size, search, sort or the inactive toggle resets the page to 1', () => {
    const on3 = { ...initialGridState(defaults), page: 3 };
    expect(gridReducer(on3, { type: 'setPageSize', pageSize: 10 }).page).toBe(1);
    expect(gridReducer(on3, { type: 'setSearch', q: 'x' }).page).toBe(1);
    expect(gridReducer(on3, { type: 'toggleSort', field: 'A', additive: false }).page).toBe(1);
    expect(gridReducer(on3, { type: 'setIncludeInactive', includeInactive: true }).page).toBe(1);
    expect(gridReducer(on3, { type: 'setColumns', cols: ['A'] }).page).toBe(3);
  });

  it('page jumps stay within 1 to the last page', () => {
    const state = initialGridState(defaults);
    expect(gridReducer(state, { type: 'setPage', page: 0, lastPage: 4 }).page).toBe(1);
    expect(gridReducer(state, { type: 'setPage', page: 9, lastPage: 4 }).page).toBe(4);
    expect(clampPage(Number.NaN)).toBe(1);
    expect(lastPageOf(0, 50)).toBe(1);
    expect(lastPageOf(101, 50)).toBe(3);
  });

  it('a page size below 1 is none: the server reads every list a page at a time, so the grid keeps its page size', () => {
    expect(lastPageOf(5000, 0)).toBe(1);
    expect(gridReducer(initialGridState(defaults), { type: 'setPageSize', pageSize: 0 }).pageSize).toBe(50);
    expect(gridReducer(initialGridState(defaults), { type: 'setPageSize', pageSize: -5 }).pageSize).toBe(50);
    expect(parseGridQuery(new URLSearchParams('pageSize=0'), defaults).pageSize).toBe(50);
  });

  it('reads sorts as field,direction pairs and drops malformed ones', () => {
    expect(parseSorts('LastName,asc,FirstName,desc')).toEqual([{ field: 'LastName', dir: 'asc' }, { field: 'FirstName', dir: 'desc' }]);
    expect(parseSorts('LastName,up,FirstName')).toEqual([]);
    expect(parseSorts('A,asc,A,desc')).toEqual([{ field: 'A', dir: 'asc' }]);
  });

  it('round-trips the state through the URL query, leaving defaults out', () => {
    const state = { page: 2, nav: { after: 'WyJ4Il0' }, pageSize: 20, q: 'kofi annan', sorts: [{ field: 'FirstName', dir: 'desc' as const }], cols: ['LastName', 'UserName'], includeInactive: true };
    const query = formatGridQuery(state, defaults);
    expect(query).toBe('page=2&after=WyJ4Il0&pageSize=20&q=kofi%20annan&sorts=FirstName,desc&cols=LastName,UserName&includeInactive=true');
    expect(parseGridQuery(new URLSearchParams(query), defaults)).toEqual(state);
    expect(formatGridQuery(initialGridState(defaults), defaults)).toBe('');
  });

  it('keeps how a page was reached (cursor or last) until the order or the filter changes', () => {
    const next = gridReducer(initialGridState(defaults), { type: 'navigate', page: 2, nav: { after: 'c' } });
    expect(next).toMatchObject({ page: 2, nav: { after: 'c' } });
    expect(gridReducer(next, { type: 'setColumns', cols: ['A'] }).nav).toEqual({ after: 'c' });
    for (const action of [
      { type: 'toggleSort', field: 'A', additive: false },
      { type: 'setSearch', q: 'x' },
      { type: 'setPageSize', pageSize: 10 },
      { type: 'setIncludeInactive', includeInactive: true },
      { type: 'setPage', page: 4 },
    ] as const) {
      expect(gridReducer(next, action).nav, action.type).toBeNull();
    }
    expect(gridReducer(next, { type: 'navigate', page: 1, nav: { before: 'c' } }).nav).toBeNull();
  });

  it('reads the cursor from the URL only past page 1', () => {
    expect(parseGridQuery(new URLSearchParams('page=3&last=true'), defaults).nav).toEqual({ last: true });
    expect(parseGridQuery(new URLSearchParams('page=2&before=b'), defaults).nav).toEqual({ before: 'b' });
    expect(parseGridQuery(new URLSearchParams('after=a'), defaults).nav).toBeNull();
  });

  it('falls back to defaults for nonsense in the URL', () => {
    const state = parseGridQuery(new URLSearchParams('page=-3&pageSize=abc'), defaults);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(50);
    expect(state.sorts).toEqual(defaults.sorts);
  });
});
