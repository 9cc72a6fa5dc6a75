import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useGridUrlState } from '../../engine/react/grid/useGridUrlState.ts';

const defaults = { pageSize: 50, sorts: [{ field: 'LastName', dir: 'asc' as const }], cols: null };

function renderState(url = '/user') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ grid: useGridUrlState(defaults), location: useLocation(), navigate: useNavigate() }), { wrapper });
}

describe('grid state in the URL', () => {
  it('keeps a step taken before the page shows the one before it (a search typed right after a page size)', () => {
    const { result } = renderState();
    act(() => {
      const dispatch = result.current.grid[1];
      dispatch({ type: 'setPageSize', pageSize: 20 });
      dispatch({ type: 'setSearch', q: 'alpha' });
    });
    const query = new URLSearchParams(result.current.location.search);
    expect(query.get('pageSize')).toBe('20');
    expect(query.get('q')).toBe('alpha');
    expect(result.current.grid[0]).toMatchObject({ pageSize: 20, q: 'alpha' });
  });

  it('starts the next step from where Back led, not from the step Back undid', async () => {
    const { result } = renderState('/user?pageSize=20');
    act(() => result.current.grid[1]({ type: 'setSearch', q: 'alpha' }));
    expect(result.current.grid[0]).toMatchObject({ pageSize: 20, q: 'alpha' });
    await act(async () => { await result.current.navigate(-1); });
    expect(result.current.grid[0].q).toBe('');
    act(() => result.current.grid[1]({ type: 'setPageSize', pageSize: 10 }));
    expect(new URLSearchParams(result.current.location.search).get('q')).toBeNull();
    expect(result.current.grid[0]).toMatchObject({ pageSize: 10 });
  });
});
