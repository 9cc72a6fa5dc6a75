import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { clearModuleAccessCache } from '../../../ui/api/module-access.ts';
import BuilderEditPage from '../../../ui/screens/reports/builder/BuilderEditPage.tsx';
import builderScreen from '../../../metadata/screens/reportbuilder.json' with { type: 'json' };
import { incidentFields } from './builder-fixtures.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const saved = {
  ReportId: 9, FileName: 'form-4-incidents', ReportDispName: 'Incidents', Category: 'Incidents', Description: '', FormId: 4,
  Columns: [{ Field: 'Title' }, { Field: 'Cost', Total: 'sum' }], Filters: [{ Field: 'Severity' }], GroupBy: null, Chart: null, RoleIds: [2],
};
let mayGrant = true;
/** What the next POST of a report answers (a 400 of field errors, by default a success). */
let nextSave: (() => Response) | null = null;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const path = String(url).split('?')[0];
  if (path === '/api/Authorize/ModuleAccess') return json(mayGrant);
  if (path === '/api/forms') return json({ Items: [{ FormId: 4, Name: 'Incident', IsActive: true }, { FormId: 5, Name: 'Old', IsActive: false }] });
  if (path === '/api/reports/categories') return json([{ CategoryId: 1, Title: 'Incidents', DisplayOrder: 1 }]);
  if (path === '/api/roles') return json({ Items: [{ RoleId: 2, Name: 'Clerk' }, { RoleId: 3, Name: 'Auditor' }] });
  if (path === '/api/reports/builder/fields') return json(incidentFields);
  if (path.startsWith('/api/record-locks/')) return new Response(null, { status: 204 });
  if (init?.method === 'POST') {
    const answer = nextSave?.();
    nextSave = null;
    return answer ?? json(saved, path === '/api/reports/builder' ? 201 : 200, { recordversion: '3' });
  }
  if (path === '/api/reports/builder/9') return json(saved, 200, { recordlockid: 'lock-9', recordlockduration: '600', recordversion: '2' });
  return json([{ PropertyName: null, ErrorMessage: 'Not found', ErrorCode: 404 }], 404);
});
const sent = (path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && init?.method === 'POST');

beforeEach(() => {
  mayGrant = true;
  nextSave = null;
  fetchMock.mockClear();
  clearModuleAccessCache();
  vi.stubGlobal('fetch', fetchMock);
});
// Unmounted first: the lock's release on leaving goes to the fake server, not the network.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const page = <BuilderEditPage screen={builderScreen as unknown as ScreenDocument} kind="read" params={{}} />;
  const router = createMemoryRouter([{ path: '/reportmodule/build/edit', element: page }, { path: '/reportmodule/view', element: <p>the viewer</p> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

async function chooseIncident() {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: /^Form/ }), 'Incident');
  return screen.findByRole('table', { name: 'Fields of the form' });
}

describe('the report builder', () => {
  it("offers the active forms, then the chosen form's fields with titles prefilled, and sum only of numbers", async () => {
    renderAt('/reportmodule/build/edit');
    const forms = await screen.findByRole('combobox', { name: /^Form/ });
    await waitFor(() => expect(within(forms).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a form', 'Incident']));
    const rows = await chooseIncident();
    expect((within(rows).getByRole('textbox', { name: 'Title of Created Date' }) as HTMLInputElement).value).toBe('Created Date');
    expect(within(within(rows).getByRole('combobox', { name: 'Total of Title' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Count']);
    expect(within(within(rows).getByRole('combobox', { name: 'Total of Cost' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Sum', 'Average', 'Count']);
    // Records is a count: it cannot filter.
    expect(within(rows).queryByRole('checkbox', { name: 'Filter by Records' })).toBeNull();
  });

  it("shows the server's field errors at their rows, then a saved report opens as saved with Run it", async () => {
    const router = renderAt('/reportmodule/build/edit');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Incidents');
    await userEvent.type(screen.getByRole('combobox', { name: 'Category' }), 'Incidents');
    const rows = await chooseIncident();
    await userEvent.click(within(rows).getByRole('checkbox', { name: 'Title is a column' }));
    await userEvent.click(within(rows).getByRole('checkbox', { name: 'Cost is a column' }));
    await userEvent.selectOptions(within(rows).getByRole('combobox', { name: 'Total of Cost' }), 'Sum');
    await userEvent.click(within(rows).getByRole('checkbox', { name: 'Filter by Severity' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Roles who may run it' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clerk' }));
    nextSave = () => json([{ PropertyName: 'Columns/1/Total', ErrorMessage: 'Cost is not a number.', ErrorCode: 'ReportBuilder' }], 400);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const costTotal = within(rows).getByRole('combobox', { name: 'Total of Cost' });
    await waitFor(() => expect(costTotal.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Cost is not a number.')).toBeTruthy();
    // The keyboard is taken to it.
    expect(document.activeElement).toBe(costTotal);
    expect(JSON.parse(String(sent('/api/reports/builder')[0][1]!.body))).toEqual({
      ReportDispName: 'Incidents', Category: 'Incidents', Description: null, FormId: 4,
      Columns: [{ Field: 'Title' }, { Field: 'Cost', Total: 'sum' }], Filters: [{ Field: 'Severity' }], GroupBy: null, Chart: null, RoleIds: [2],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?reportId=9'));
    expect(await screen.findByText('The report has been saved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Run it' }).getAttribute('href')).toBe('/reportmodule/view?reportId=9');
  });

  it('edits a saved report under its lock: the save carries the lock and the version read', async () => {
    renderAt('/reportmodule/build/edit?reportId=9');
    const rows = await screen.findByRole('table', { name: 'Fields of the form' });
    expect((within(rows).getByRole('checkbox', { name: 'Cost is a column' }) as HTMLInputElement).checked).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/reports/builder/9?lock=true')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The report has been saved.')).toBeTruthy();
    const headers = new Headers(sent('/api/reports/builder/9')[0][1]!.headers);
    expect([headers.get('recordlockid'), headers.get('recordversion')]).toEqual(['lock-9', '2']);
  });

  it('asks for what is missing before calling, and shows no roles to one without module Role (none sent)', async () => {
    mayGrant = false;
    renderAt('/reportmodule/build/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Choose the form the report is on.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(sent('/api/reports/builder')).toHaveLength(0);
    await chooseIncident();
    expect(screen.queryByRole('combobox', { name: 'Roles who may run it' })).toBeNull();
  });
});
