import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const screenDoc = pageFields as unknown as ScreenDocument;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => json({ PageFieldId: 3, ...JSON.parse(String(init?.body ?? '{}')) }, 201));

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

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('a page field created from its page (/pageField/create?pageId={pageId})', () => {
  it('starts with that page chosen, and saves it', async () => {
    renderCreate('/pageField/create?pageId=7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Page/ }).textContent).toBe('Incidents'));
    await userEvent.type(screen.getByLabelText(/^Field Type/), 'text');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Title');
    await act(async () => screen.getByRole('button', { name: 'Create' }).click());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0][1]!.body))).toMatchObject({ PageId: 7, FieldType: 'text', Name: 'Title' });
    expect(await screen.findByText('home page')).toBeTruthy(); // opened directly: done goes to the list, or home
  });

  it('without a page in the query, asks for one', async () => {
    renderCreate('/pageField/create');
    await userEvent.type(await screen.findByLabelText(/^Field Type/), 'text');
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
