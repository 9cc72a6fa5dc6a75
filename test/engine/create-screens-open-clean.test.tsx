import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import { leaveQuestion } from '../../engine/react/form/LeavePrompt.tsx';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import { composeStoredForm } from '../../engine/core/lowcode/index.ts';
import { WidgetDataProvider, type WidgetDataSource } from '../../engine/widgets/data-context.tsx';
import type { SelectOption } from '../../engine/widgets/shared/types.ts';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';
import { field, incidentForm, today } from '../core/lowcode/fixtures.ts';
import pages from '../../metadata/screens/pages.json' with { type: 'json' };
import page from '../../metadata/entities/Page.json' with { type: 'json' };
import menuItems from '../../metadata/screens/menuitems.json' with { type: 'json' };
import menuItem from '../../metadata/entities/MenuItem.json' with { type: 'json' };
import lookupTables from '../../metadata/screens/lookuptables.json' with { type: 'json' };
import lookupTable from '../../metadata/entities/LookupTable.json' with { type: 'json' };

/** The lookups these create screens load, answered at once. */
const lookups: Record<string, SelectOption[]> = {
  forms: [{ Id: 3, Name: 'Incident Report' }, { Id: 4, Name: 'Vehicle Log' }],
  pages: [{ Id: 11, Name: 'Incidents' }],
  'menu-item-types': [{ Id: 1, Name: 'URL Link' }, { Id: 2, Name: 'Module Link' }, { Id: 3, Name: 'Group' }, { Id: 4, Name: 'Separator' }],
  'menu-modules': [{ Id: 5, Name: 'Users' }],
  'menu-parents': [{ Id: 9, Name: 'Administration' }],
  'simple-lookup-7': [{ Id: 70, Name: 'Minor' }, { Id: 71, Name: 'Major' }],
};

/** Every lookup call made, so a test can wait until all have answered. */
const calls: Array<Promise<unknown>> = [];

function dataSource(): WidgetDataSource {
  const fake = createFakeDataSource();
  return {
    ...fake,
    loadOptions: (source, query) => {
      const answer = lookups[source] ? Promise.resolve(lookups[source]) : fake.loadOptions(source, query);
      calls.push(answer);
      return answer;
    },
  };
}

const built = composeStoredForm(incidentForm, [
  field({ Name: 'Title', FieldType: 'text', SortOrder: 1, AttributeValues: { required: true, maxLength: 100 } }),
  field({ Name: 'Category', FieldType: 'selectOne', SortOrder: 2, AttributeValues: { required: true, lookupListId: 7 } }),
  field({ Name: 'Severity', FieldType: 'selectOne', SortOrder: 3, AttributeValues: { lookupListId: 7 } }),
  field({ Name: 'Reported', FieldType: 'yesNo', SortOrder: 4 }),
], today);

const createScreens: Array<{ name: string; doc: ScreenDocument; entity: JsonSchema; firstField: RegExp; lookupCount: number }> = [
  { name: 'Create Page', doc: pages as unknown as ScreenDocument, entity: page as JsonSchema, firstField: /^Name/, lookupCount: 2 },
  { name: 'Create Menu Item', doc: menuItems as unknown as ScreenDocument, entity: menuItem as JsonSchema, firstField: /^Name/, lookupCount: 3 },
  { name: 'Create Lookup Table', doc: lookupTables as unknown as ScreenDocument, entity: lookupTable as JsonSchema, firstField: /^System Name/, lookupCount: 1 },
  { name: 'Create Incident Report', doc: built.screen, entity: built.entity, firstField: /^Title/, lookupCount: 2 },
];

/** A create screen on a route, with a second route to leave to, as FormRoute renders it. */
function renderCreate(doc: ScreenDocument, entity: JsonSchema, title: string) {
  calls.length = 0;
  const router = createMemoryRouter([
    { path: '/create', element: (
      <WidgetDataProvider source={dataSource()}>
        <FormScreen screen={doc} entity={entity} mode="create" record={null} title={title} save={async (v) => v} onDone={() => void router.navigate('/list')} />
      </WidgetDataProvider>
    ) },
    { path: '/list', element: <p>The list</p> },
  ], { initialEntries: ['/create'] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Every lookup the form asked for has answered, and the effects that follow (a select settling its value) have run. */
async function lookupsLoaded(expected: number) {
  await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(expected));
  let answered = 0;
  while (answered < calls.length) {
    answered = calls.length;
    await act(async () => { await Promise.all(calls); });
  }
}

describe.each(createScreens)('$name opens clean and quiet', ({ name, doc, entity, firstField, lookupCount }) => {
  it('opens pristine: Create disabled, no error shown, Cancel leaves without asking', async () => {
    const router = renderCreate(doc, entity, name);
    const form = await screen.findByRole('form', { name });
    await lookupsLoaded(lookupCount);
    const create = within(form).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(form.querySelectorAll('.Mui-error')).toHaveLength(0);
    expect(within(form).queryByText(/is required\.|Must be/)).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(screen.queryByText(leaveQuestion)).toBeNull();
  });

  it('turns dirty once the person types, and then asks before leaving', async () => {
    const router = renderCreate(doc, entity, name);
    const form = await screen.findByRole('form', { name });
    await lookupsLoaded(lookupCount);
    await userEvent.type(within(form).getByLabelText(firstField), 'x');
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(leaveQuestion)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create');
  });

  it('shows each help text once, in user words', async () => {
    renderCreate(doc, entity, name);
    const form = await screen.findByRole('form', { name });
    await lookupsLoaded(lookupCount);
    const helps = [...form.querySelectorAll('.MuiFormHelperText-root, .MuiTypography-caption')].map((node) => node.textContent ?? '').filter(Boolean);
    expect(helps).toEqual([...new Set(helps)]);
    // One help per field: a screen's own help replaces the entity's description.
    for (const [fieldName, ui] of Object.entries((doc.form?.uiSchema ?? {}) as Record<string, { 'ui:help'?: string }>)) {
      const description = entity.properties?.[fieldName]?.description as string | undefined;
      if (ui['ui:help'] && description) expect(within(form).queryByText(description)).toBeNull();
    }
    expect(form.textContent).not.toMatch(/\([a-z]+_[a-z_]+\)/);
  });
});

describe('a touched field shows its error once the person has changed it', () => {
  it('Create Page: the required Form shows its message after the person picks Please Select again', async () => {
    renderCreate(pages as unknown as ScreenDocument, page as JsonSchema, 'Create Page');
    const form = await screen.findByRole('form', { name: 'Create Page' });
    await lookupsLoaded(2);
    const formSelect = within(form).getByRole('combobox', { name: /^Form/ });
    await userEvent.click(formSelect);
    await userEvent.click(await screen.findByRole('option', { name: 'Vehicle Log' }));
    expect(within(form).queryByText('Form is required.')).toBeNull();
    await userEvent.click(formSelect);
    await userEvent.click(await screen.findByRole('option', { name: 'Please Select' }));
    await waitFor(() => expect(within(form).queryAllByText(/is required\.|Must be/).map((n) => n.textContent)).toEqual(["Form is required."]));
  });
});
