import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppTheme } from '../../ui/theme.tsx';
import type { PermissionTreeQuery, WidgetDataSource } from '../../engine/widgets/data-context.tsx';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import { ModuleAccessHarness, type ModuleAccessHarnessProps } from '../../stories/widgets/support/ModuleAccessHarness.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';
import { fakePermissionTree, largeTree } from '../../stories/widgets/support/module-access-tree.ts';

const permissions = { type: 'array' as const, title: 'Module Access', items: { type: 'object' as const } };
const roleForm = {
  schema: { type: 'object' as const, properties: { RoleId: { type: 'integer' as const }, Permissions: permissions } },
  uiSchema: { RoleId: { 'ui:widget': 'hidden' }, Permissions: { 'ui:field': 'moduleAccess', 'ui:options': { mode: 'role' } } },
};
const userForm = {
  schema: { type: 'object' as const, properties: { Role: { type: 'array' as const, title: 'Role', items: { type: 'integer' as const } }, Permissions: permissions } },
  uiSchema: {
    Role: { 'ui:widget': 'selectMany', 'ui:options': { source: 'roles' } },
    Permissions: { 'ui:field': 'moduleAccess', 'ui:options': { mode: 'user' } },
  },
};

/** A fake data source whose tree loads are recorded. */
function spySource(overrides: Partial<WidgetDataSource> = {}) {
  const source = createFakeDataSource();
  const loadPermissionTree = vi.fn(async (q: PermissionTreeQuery) => fakePermissionTree(q));
  return { ...source, loadPermissionTree, notify: vi.fn(), ...overrides };
}

function renderAccess(props: Omit<ModuleAccessHarnessProps, 'schema'> & { schema?: ModuleAccessHarnessProps['schema'] }, source: WidgetDataSource = spySource()) {
  const onDataChange = vi.fn();
  const utils = render(
    <AppTheme>
      <ModuleAccessHarness {...roleForm} dataSource={source} onDataChange={onDataChange} {...props} />
    </AppTheme>,
  );
  const lastPermissions = () => (onDataChange.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined)?.Permissions;
  return { ...utils, onDataChange, lastPermissions, source };
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const queryBox = (name: string) => screen.queryByRole('checkbox', { name }) as HTMLInputElement | null;

describe('module access editor: role mode', () => {
  it("ticks a module, shows its children, ticks View All Records and a child, and unticking clears them", async () => {
    const user = userEvent.setup();
    const { lastPermissions, source } = renderAccess({ formData: { RoleId: 0, Permissions: [] } });
    await screen.findByRole('checkbox', { name: 'Access to Users' });
    expect(source.loadPermissionTree).toHaveBeenCalledWith({});
    // No access: no way to open the module's actions and fields, nor View All Records.
    expect(screen.queryByRole('button', { name: 'Expand Users' })).toBeNull();
    expect(queryBox('View All Records for Users')).toBeNull();

    // A module comes with its actions and fields.
    await user.click(box('Access to Users'));
    const grant = (Id: number, ViewAllRecords = false) => ({ Id, HasAccess: true, ViewAllRecords });
    await waitFor(() => expect(lastPermissions()).toEqual([10, 11, 12, 13, 14, 15, 16, 17].map((id) => grant(id))));
    await user.click(screen.getByRole('button', { name: 'Expand Users' }));
    expect(box('Access to Users: Create').checked).toBe(true);
    expect(box('Access to Users: Email Address').checked).toBe(true);
    await user.click(box('View All Records for Users'));
    await user.click(box('Access to Users: Create'));
    await user.click(box('Access to Users: Email Address'));
    await waitFor(() => expect(lastPermissions()).toEqual([grant(10, true), grant(12), grant(13), grant(14), grant(15), grant(17)]));
    expect(screen.getByText('2 of 3 actions, 3 of 4 fields granted')).toBeTruthy();

    await user.click(box('Access to Users'));
    await waitFor(() => expect(lastPermissions()).toEqual([]));
    expect(queryBox('Access to Users: Create')).toBeNull();
    expect(queryBox('View All Records for Users')).toBeNull();
  });

  it('a granted field can be made read-only: the value says so, and the box goes with its access', async () => {
    const user = userEvent.setup();
    const { lastPermissions } = renderAccess({ formData: { RoleId: 0, Permissions: [] } });
    await user.click(await screen.findByRole('checkbox', { name: 'Access to Users' }));
    await user.click(screen.getByRole('button', { name: 'Expand Users' }));
    expect(queryBox('Read-only Users: Create')).toBeNull();
    await user.click(box('Read-only Users: Email Address'));
    await waitFor(() => expect((lastPermissions() as Array<{ ReadOnly?: boolean }>).filter((p) => p.ReadOnly)).toHaveLength(1));
    await user.click(box('Access to Users: Email Address'));
    expect(queryBox('Read-only Users: Email Address')).toBeNull();
  });

  it("loads the role's tree by the record's Id and shows its grants; AllowUse false disables a node", async () => {
    const { source } = renderAccess({ formData: { RoleId: 2 } });
    expect((await screen.findByRole('checkbox', { name: 'Access to Users' }) as HTMLInputElement).checked).toBe(true);
    expect(source.loadPermissionTree).toHaveBeenCalledWith({ roleId: 2 });
    expect(box('View All Records for Lookup Tables').checked).toBe(true);
    expect(box('Access to Roles').checked).toBe(false);
    expect(box('Access to Password Reset').disabled).toBe(true);
  });

  it('a copy loads the copied role and starts with its grants', async () => {
    const { source, lastPermissions } = renderAccess({ copyOfId: 3, formData: { RoleId: 0 } });
    await screen.findByRole('checkbox', { name: 'Access to Reports' });
    expect(source.loadPermissionTree).toHaveBeenCalledWith({ roleId: 3 });
    await waitFor(() => expect(lastPermissions()).toEqual([{ Id: 80, HasAccess: true, ViewAllRecords: true }, { Id: 81, HasAccess: true, ViewAllRecords: false }]));
  });

  it('searches modules as a flat list, and expands and collapses everything', async () => {
    const user = userEvent.setup();
    renderAccess({ formData: { RoleId: 1 } });
    await screen.findByRole('checkbox', { name: 'Access to Users' });
    expect(queryBox('Access to Users: Create')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(box('Access to Users: Create')).toBeTruthy();
    expect(box('Access to Forms: Title')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(queryBox('Access to Users')).toBeNull();
    // A category opens on its own.
    await user.click(screen.getByRole('button', { name: /^Content/ }));
    expect(box('Access to Lookup Tables')).toBeTruthy();
    expect(queryBox('Access to Users')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search modules' }), 'USER');
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(within(results).getByText('1 module found')).toBeTruthy();
    expect(within(results).getByRole('checkbox', { name: 'Access to Users' })).toBeTruthy();
    expect(within(results).getByText('Administration › Security')).toBeTruthy();
    expect(queryBox('Access to Lookup Tables')).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Search modules' }));
    await user.type(screen.getByRole('textbox', { name: 'Search modules' }), 'zzz');
    expect(screen.getByText('No results.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box('Access to Lookup Tables')).toBeTruthy();
  });

  it('is keyboard usable', async () => {
    const user = userEvent.setup();
    const { lastPermissions } = renderAccess({ formData: { RoleId: 0, Permissions: [] } });
    const users = await screen.findByRole('checkbox', { name: 'Access to Users' });
    users.focus();
    await user.keyboard(' ');
    await waitFor(() => expect((lastPermissions() as unknown[] | undefined)?.[0]).toEqual({ Id: 10, HasAccess: true, ViewAllRecords: false }));
    await user.tab();
    expect(document.activeElement).toBe(box('View All Records for Users'));
  });

  it('disabled: every checkbox is disabled, the tree still opens', async () => {
    const user = userEvent.setup();
    renderAccess({ disabled: true, formData: { RoleId: 1 } });
    await screen.findByRole('checkbox', { name: 'Access to Users' });
    expect(screen.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).disabled)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Expand Users' }));
    expect(box('Access to Users: Create').disabled).toBe(true);
  });

  it("shows 'Please Wait...' while loading, and on failure raises the 'Read' notice and offers a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    const source = spySource({ loadPermissionTree: vi.fn(async (q: PermissionTreeQuery) => { if (fail) throw new Error('down'); return fakePermissionTree(q); }) });
    renderAccess({ formData: { RoleId: 2 } }, source);
    expect(screen.getAllByText('Please Wait...').length).toBeGreaterThan(0);
    expect(await screen.findByText('The module access could not be loaded.')).toBeTruthy();
    expect(source.notify).toHaveBeenCalledWith('Read', expect.any(Error));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Access to Users' })).toBeTruthy();
  });

  it('stays quick with 40 modules and 600 children, drawing children only for open modules', async () => {
    const user = userEvent.setup();
    renderAccess({ formData: { RoleId: 5 } }, spySource({ loadPermissionTree: async () => largeTree(40, 12, true) }));
    await screen.findByRole('checkbox', { name: 'Access to Module 1' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(40 + 20); // every module, and View All Records on every other one
    await user.click(screen.getByRole('button', { name: 'Expand Module 1' }));
    // Its 15 children's access, and Read-only beside each of its 12 granted fields.
    expect(screen.getAllByRole('checkbox')).toHaveLength(60 + 15 + 12);
  });
});

describe('module access editor: user mode', () => {
  it('an override denies what a role grants: the value holds exactly that entry', async () => {
    const user = userEvent.setup();
    const { lastPermissions, source } = renderAccess({ ...userForm, formData: { Role: [2], Permissions: [] } });
    const access = await screen.findByRole('checkbox', { name: 'Access to Users' }) as HTMLInputElement;
    expect(source.loadPermissionTree).toHaveBeenCalledWith({ roleIds: [2] });
    // Inherited from 'Staff', read-only until overridden.
    expect(access.checked).toBe(true);
    expect(access.disabled).toBe(true);
    const row = access.closest('.ma-cell')!.parentElement!;
    expect(within(row).getByText(/From roles:/).parentElement!.textContent).toBe('From roles: Yes');
    expect(box('Access to Roles').checked).toBe(false);

    await user.click(box('Override access to Users'));
    expect(box('Access to Users').disabled).toBe(false);
    await user.click(box('Access to Users'));
    await waitFor(() => expect(lastPermissions()).toEqual([
      { Id: 10, overrideHasAccess: true, HasAccess: false, overrideViewAllRecords: false, ViewAllRecords: false },
    ]));
    // Denied: its children and View All Records go.
    expect(screen.queryByRole('button', { name: 'Expand Users' })).toBeNull();
    // The override stays ticked although it now changes nothing; nothing is sent for it.
    await user.click(box('Access to Users'));
    await waitFor(() => expect(lastPermissions()).toEqual([]));
    expect(box('Override access to Users').checked).toBe(true);
  });

  it("grants a child of a module the roles give, and View All Records is offered only with the module's access", async () => {
    const user = userEvent.setup();
    const { lastPermissions } = renderAccess({ ...userForm, formData: { Role: [2], Permissions: [] } });
    await screen.findByRole('checkbox', { name: 'Access to Users' });
    expect(queryBox('View All Records for Reports')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand Users' }));
    await user.click(box('Override access to Users: Delete'));
    await user.click(box('Access to Users: Delete'));
    await waitFor(() => expect(lastPermissions()).toEqual([
      { Id: 13, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false },
    ]));
  });

  it('changing the roles reloads what they give', async () => {
    const user = userEvent.setup();
    const { source } = renderAccess({ ...userForm, formData: { Role: [2], Permissions: [] } });
    expect((await screen.findByRole('checkbox', { name: 'Access to Reports' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Reporting' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(source.loadPermissionTree).toHaveBeenLastCalledWith({ roleIds: [2, 3] }));
    await waitFor(() => expect(box('Access to Reports').checked).toBe(true));
  });

  it('new roles drop the overrides that no longer change anything', async () => {
    const user = userEvent.setup();
    const grantReports = { Id: 80, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false };
    const { lastPermissions } = renderAccess({ ...userForm, formData: { Role: [2], Permissions: [grantReports] } });
    expect((await screen.findByRole('checkbox', { name: 'Access to Reports' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Reporting' }));
    await user.keyboard('{Escape}');
    // 'Reporting' gives Reports (with View All Records): the user's grant is no override any more.
    await waitFor(() => expect(lastPermissions()).toEqual([]));
    expect(box('View All Records for Reports').checked).toBe(true);
  });
});

describe('module access in the engine form', () => {
  const entity = {
    title: 'User', type: 'object',
    properties: { UserId: { type: 'integer' }, Role: { type: 'array', title: 'Role', items: { type: 'integer' } }, Permissions: { type: 'array', title: 'Module Access', items: { type: 'object' } } },
  } as JsonSchema;
  const screenDoc = {
    id: 'users', title: 'Users', module: null, entity: 'User', api: '/api/users', idField: 'UserId',
    routes: { update: '/user/update/:id' },
    form: { fields: { update: ['Role', 'Permissions'] }, uiSchema: userForm.uiSchema, promptOnAbandon: false },
  } as unknown as ScreenDocument;

  it("reads the roles from the form's values and saves the overrides", async () => {
    const user = userEvent.setup();
    const source = spySource();
    const save = vi.fn(async (v: Record<string, unknown>) => v);
    const router = createMemoryRouter([{ path: '*', element: (
      <WidgetDataProvider source={source}>
        <FormScreen screen={screenDoc} entity={entity} mode="update" record={{ UserId: 4, Role: [3], Permissions: [] }} title="Update User" save={save} onDone={() => {}} />
      </WidgetDataProvider>
    ) }]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('checkbox', { name: 'Access to Reports' });
    expect(source.loadPermissionTree).toHaveBeenCalledWith({ roleIds: [3] });
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Staff' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(source.loadPermissionTree).toHaveBeenLastCalledWith({ roleIds: [2, 3] }));
    await waitFor(() => expect(box('Access to Users').checked).toBe(true));
    await user.click(box('Override access to Users'));
    await user.click(box('Access to Users'));
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({
      Role: [3, 2],
      Permissions: [{ Id: 10, overrideHasAccess: true, HasAccess: false, overrideViewAllRecords: false, ViewAllRecords: false }],
    });
  });
});

describe('module access editor: what each module opens (issue 29)', () => {
  it('marks a module with its kind, and a page or form with the line saying what it opens', async () => {
    const tree = fakePermissionTree({});
    const modules = tree.Nodes.filter((n) => n.Type === 'module');
    const hinted = new Map([
      [modules[0].Id, { Kind: 'Page' as const, Hint: 'Page at /incidents: shows the records of the form Incident Report' }],
      [modules[1].Id, { Kind: 'Screen' as const, Hint: 'Screen of the application at /user' }],
    ]);
    const source = spySource({ loadPermissionTree: vi.fn(async () => ({ ...tree, Nodes: tree.Nodes.map((n) => ({ ...n, ...hinted.get(n.Id) })) })) });
    renderAccess({}, source);
    expect(await screen.findByText('Page at /incidents: shows the records of the form Incident Report')).toBeTruthy();
    expect(screen.getByText('Page')).toBeTruthy();
    expect(screen.getByText('Screen')).toBeTruthy();
    // A screen of the application needs no explanation beyond its kind.
    expect(screen.queryByText('Screen of the application at /user')).toBeNull();
  });
});
