import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import { queryDefaultsOf } from '../../engine/core/forms/compose.ts';
import { screenDocumentFaults } from '../../engine/core/screen-document.ts';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';
import { FormRoute } from '../../ui/screens/screen/FormRoute.tsx';
import pageFields from '../../metadata/screens/pagefields.json' with { type: 'json' };
import entity from '../../metadata/entities/PageField.json' with { type: 'json' };
import '../../ui/screens/pages/register.ts';
import { preloadAllControls } from '../../engine/widgets/shared/lazy-control.tsx';

beforeAll(() => preloadAllControls());

const screenDoc = pageFields as unknown as ScreenDocument;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The page field calls: the field types and a type's attributes (module PageField), and the create. */
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (String(url).endsWith('/api/pagefields/types')) return json([{ Id: 'text', Name: 'Text', UdfAllowed: true }, { Id: 'yesNo', Name: 'Yes/No', UdfAllowed: true }]);
  if (String(url).includes('/api/pagefields/types/')) return json([{ name: 'maxLength', label: 'Maximum Length', type: 'integer', minimum: 1, maximum: 2000, default: 200, mapsTo: 'maxLength' }]);
  return json({ PageFieldId: 3, ...JSON.parse(String(init?.body ?? '{}')) }, 201);
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The Page select's options: the pages call answers two pages. */
function dataSource() {
  const fake = createFakeDataSource();
  const pages = [{ Id: 7, Name: 'Incidents' }, { Id: 8, Name: 'Visits' }];
  return { ...fake, loadOptions: async (source: string, query: { search?: string; ids?: number[] }) =>
    (source === 'pages' ? pages.filter((p) => !query.ids || query.ids.includes(p.Id)) : fake.loadOptions(source, query)) };
}

function renderCreate(url: string) {
  const entry = { Name: 'pagefields.create', Url: '/pageField/create', Title: 'Create Page Field', ScreenId: 'pagefields' };
  const router = createMemoryRouter([
    { path: '/pageField/create', element: (
      <WidgetDataProvider source={dataSource()}>
        <FormRoute entry={entry} mode="create" screen={screenDoc} entity={entity as JsonSchema} />
      </WidgetDataProvider>
    ) },
    { path: '/home', element: <p>home page</p> },
  ], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

async function chooseType(name: string) {
  const box = await screen.findByRole('combobox', { name: /^Field Type/ });
  await userEvent.click(box);
  await userEvent.click(await screen.findByRole('option', { name }));
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('a page field created from its page (/pageField/create?pageId={pageId})', () => {
  it('starts with that page chosen, and saves it', async () => {
    renderCreate('/pageField/create?pageId=7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Page/ }).textContent).toBe('Incidents'));
    await chooseType('Text');
    // The chosen type's attributes show, read by the page field call, and one set is saved by its name.
    await userEvent.type(await screen.findByLabelText(/^Maximum Length/), '80');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Title');
    await act(async () => screen.getByRole('button', { name: 'Create' }).click());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0][1]!.body))).toMatchObject({ PageId: 7, FieldType: 'text', Name: 'Title', AttributeValues: { maxLength: 80 } });
    expect(await screen.findByText('home page')).toBeTruthy(); // opened directly: done goes to the list, or home
  });

  it('without a page in the query, asks for one', async () => {
    renderCreate('/pageField/create');
    await chooseType('Text');
    expect(screen.getByRole('combobox', { name: /^Page/ }).textContent).not.toContain('Incidents');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Title');
    await act(async () => screen.getByRole('button', { name: 'Create' }).click());
    expect(await screen.findByText('Page is required.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe("a screen's queryDefaults", () => {
  const form = screenDoc.form!;
  it('reads each value as its field\'s type, and leaves out what does not read', () => {
    expect(queryDefaultsOf(form, entity as JsonSchema, new URLSearchParams('pageId=7'))).toEqual({ PageId: 7 });
    expect(queryDefaultsOf(form, entity as JsonSchema, new URLSearchParams('pageId=7.5'))).toEqual({});
    expect(queryDefaultsOf(form, entity as JsonSchema, new URLSearchParams('pageId=abc'))).toEqual({});
    expect(queryDefaultsOf(form, entity as JsonSchema, new URLSearchParams('PageId=7'))).toEqual({});
  });

  it('names only fields of the create form', () => {
    expect(screenDocumentFaults(pageFields)).toEqual([]);
    const wrong = { ...pageFields, form: { ...pageFields.form, queryDefaults: { PageName: 'pageId' } } };
    expect(screenDocumentFaults(wrong)).toEqual([{ pointer: '/form/queryDefaults/PageName', message: 'PageName is not a field of the create form' }]);
  });
});
