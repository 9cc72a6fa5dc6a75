import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderForm } from './render-form.tsx';
import { CheckboxTree } from '../../engine/widgets/checkbox-tree/CheckboxTree.tsx';
import { permissionTree } from '../../stories/widgets/support/permission-tree.ts';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';

function Tree() {
  const [nodes, setNodes] = useState(permissionTree());
  return <CheckboxTree label="Permissions" nodes={nodes} onChange={setNodes} />;
}

describe('CheckboxTree', () => {
  it('expand all and collapse all, labelled checkboxes', async () => {
    const user = userEvent.setup();
    render(<Tree />);
    expect(screen.queryByRole('checkbox', { name: 'Edit names' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(screen.getByRole('checkbox', { name: 'Edit names' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(screen.queryByRole('checkbox', { name: 'View' })).toBeNull();
  });

  it('checking a form checks and disables its ActionId 3 child; a dependent item waits for its item', async () => {
    const user = userEvent.setup();
    render(<Tree />);
    await user.click(screen.getByRole('button', { name: 'Expand Users' }));
    const view = () => screen.getAllByRole('checkbox', { name: 'View' })[0] as HTMLInputElement;
    const del = () => screen.getByRole('checkbox', { name: 'Delete' }) as HTMLInputElement;
    expect(del().disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Users' }));
    expect(view().checked).toBe(true);
    expect(view().disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Edit' }));
    expect(del().disabled).toBe(false);
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Tree />);
    await user.tab(); // Expand All
    await user.tab(); // Collapse All
    await user.tab(); // Expand Users
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Collapse Users' }).getAttribute('aria-expanded')).toBe('true');
    await user.tab(); // Users checkbox
    await user.keyboard(' ');
    expect((screen.getByRole('checkbox', { name: 'Users' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('WizardPickerField', () => {
  const levels = ['Problem Behavior', 'Goal', 'Objective'].map((Name) => ({ Name, ChildApiUrl: `/w/${Name}` }));
  const form = (formData?: object) => ({
    schema: { type: 'object' as const, properties: { Plan: { type: 'array' as const, title: 'Work Plan', items: { type: 'integer' as const } } } },
    uiSchema: { Plan: { 'ui:field': 'wizardPicker', 'ui:options': { levels } } },
    formData,
  });

  it('fetches one level per call; selecting a node selects its parents, deselecting deselects its children', async () => {
    const user = userEvent.setup();
    const source = createFakeDataSource();
    const calls: Array<[string, number | null]> = [];
    const load = source.loadWizardLevel;
    source.loadWizardLevel = (level, parent) => { calls.push([level.Name, parent]); return load(level, parent); };
    const { lastData } = renderForm({ ...form(), dataSource: source });
    await user.click(await screen.findByRole('button', { name: 'Expand Problem Behavior 1' }));
    await user.click(await screen.findByRole('button', { name: 'Expand Goal 11' }));
    expect(calls).toEqual([['Problem Behavior', null], ['Goal', 1], ['Objective', 11]]);
    await user.click(await screen.findByRole('checkbox', { name: 'Objective 112' }));
    await waitFor(() => expect(lastData()?.Plan).toEqual([1, 11, 112]));
    await user.click(screen.getByRole('checkbox', { name: 'Goal 11' }));
    await waitFor(() => expect(lastData()?.Plan).toEqual([1]));
  });

  it('shows the empty-state text when there is nothing to pick', async () => {
    const source = { ...createFakeDataSource(), loadWizardLevel: async () => [] };
    renderForm({ ...form(), dataSource: source });
    expect(await screen.findByText('Please proceed to the "Create" tab to build your Work Plan...')).toBeTruthy();
  });
});
