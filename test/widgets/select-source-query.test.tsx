import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';
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

describe('a select whose options have groups and hints (a menu link\'s modules)', () => {
  const modules = [
    { Id: 1, Name: 'Incidents Page', Group: 'Pages', Hint: 'Page at /incidents: shows the records of the form Incident Report' },
    { Id: 2, Name: 'Users', Group: 'Screens of the application', Hint: 'Screen of the application at /user' },
    { Id: 3, Name: 'Incident Report', Group: 'Forms (their records, as administrators see them)', Hint: 'Form: opens the records of Incident Report at /incident-report' },
  ];
  const schema = { type: 'object' as const, properties: { ModuleId: { type: 'integer' as const, title: 'Module' } } };
  const uiSchema = { ModuleId: { 'ui:widget': 'select', 'ui:options': { source: 'menu-modules' } } };

  it('lists each option under its heading with its hint, shows the chosen one by name, and its hint below', async () => {
    const dataSource: WidgetDataSource = { ...createFakeDataSource(), loadOptions: async () => modules };
    const { lastData } = renderForm({ schema, uiSchema, dataSource });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Module/ }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('Pages')).toBeTruthy();
    expect(within(list).getByText('Forms (their records, as administrators see them)')).toBeTruthy();
    // Headings cannot be chosen (they carry no value): 'Please Select' and the three modules can.
    expect(within(list).getAllByRole('option').filter((o) => o.hasAttribute('data-value'))).toHaveLength(4);
    const form = within(list).getByRole('option', { name: /^Incident Report/ });
    expect(form.textContent).toContain('Form: opens the records of Incident Report at /incident-report');
    await user.click(within(list).getByRole('option', { name: /^Incidents Page/ }));
    await waitFor(() => expect(lastData()?.ModuleId).toBe(1));
    expect(screen.getByRole('combobox', { name: /Module/ }).textContent).toBe('Incidents Page');
    expect(screen.getByText('Page at /incidents: shows the records of the form Incident Report')).toBeTruthy();
  });
});
