import { beforeEach, describe, expect, it } from 'vitest';
import {
  filterQuery, noFilters, periodMessage, periodProblem, saveFilters, savedFilters, startOfLocalDay,
} from '../../ui/screens/error-log/client-error-filters.ts';

describe("the client error log's filters", () => {
  beforeEach(() => sessionStorage.clear());

  it('asks for the kind, and for whole local days: From at its start, To up to the start of the next day', () => {
    const query = new URLSearchParams(filterQuery({ type: 'Client HTTP Error', from: '2026-03-01', to: '2026-03-31' }));
    expect(query.get('type')).toBe('Client HTTP Error');
    expect(query.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 3, 1).toISOString());
    expect(filterQuery(noFilters)).toBe('');
  });

  it('leaves out a day not yet whole, and a period that ends before it starts, saying why', () => {
    expect(startOfLocalDay('invalid')).toBeNull();
    expect(filterQuery({ type: '', from: 'invalid', to: '' })).toBe('');
    const backwards = { type: 'Client Logged Error', from: '2026-04-02', to: '2026-04-01' };
    expect(periodProblem(backwards)).toBe(periodMessage);
    expect(filterQuery(backwards)).toBe('type=Client+Logged+Error');
    expect(periodProblem({ ...backwards, to: '2026-04-02' })).toBeNull();
  });

  it('are kept for the tab, so coming back from an entry finds them', () => {
    expect(savedFilters()).toEqual(noFilters);
    saveFilters({ type: 'Client Caught Exception', from: '2026-01-05', to: '' });
    expect(savedFilters()).toEqual({ type: 'Client Caught Exception', from: '2026-01-05', to: '' });
    sessionStorage.setItem('clienterrorlog.filters', '{not json');
    expect(savedFilters()).toEqual(noFilters);
  });
});
