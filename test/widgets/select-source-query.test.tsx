import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { WidgetDataProvider, type WidgetDataSource } from '../../engine/widgets/data-context.tsx';
import { useOptions } from '../../engine/widgets/shared/useOptions.ts';
import { createFormValues } from '../../engine/widgets/shared/form-values.ts';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';

/** A lookup asked with parameters from the form's other fields (ui:options sourceQuery): a menu item's parents. */
describe('a select whose lookup takes the form\'s values (sourceQuery)', () => {
  it('asks with the parameter from the field, again when it changes, and without it while the field is empty', async () => {
    const loadOptions = vi.fn(async () => [{ Id: 1, Name: 'Operations' }]);
    const source: WidgetDataSource = { ...createFakeDataSource(), loadOptions };
    const values = createFormValues({ Name: 'New item' });
    const wrapper = ({ children }: { children: ReactNode }) => <WidgetDataProvider source={source}>{children}</WidgetDataProvider>;
    const config = { source: 'menu-parents', sourceQuery: { currentMenuItemId: 'MenuItemId' } };
    const { result } = renderHook(() => useOptions(config, values), { wrapper });
    await waitFor(() => expect(result.current.options).toHaveLength(1));
    expect(loadOptions).toHaveBeenLastCalledWith('menu-parents', { params: undefined });
    act(() => values.set({ Name: 'Daily', MenuItemId: 12 }));
    await waitFor(() => expect(loadOptions).toHaveBeenLastCalledWith('menu-parents', { params: { currentMenuItemId: '12' } }));
  });
});
