import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import { FieldList } from '../../../ui/screens/forms/FieldList.tsx';
import { fieldLinks } from '../../../ui/screens/forms/field-routes.ts';

const field = (FormFieldId: number, Name: string, FieldType: string): FormFieldRecord => ({
  FormFieldId, FormId: 3, Name, StoredName: Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, IsReserved: false,
  StartDate: null, EndDate: null, SortOrder: FormFieldId, AttributeValues: {},
});
let stored = [field(1, 'Plate', 'text'), field(2, 'Odometer', 'integer'), field(3, 'Driver', 'text')];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (init?.method === 'POST' && url === '/api/forms/3/fields/reorder') {
    const ids = (JSON.parse(String(init.body)) as { FormFieldIds: number[] }).FormFieldIds;
    stored = ids.map((id) => stored.find((f) => f.FormFieldId === id)!);
    return json({});
  }
  return json(stored);
});
const routes = [
  { Name: 'formfields.create', Url: '/formfield/create' }, { Name: 'formfields.update', Url: '/formfield/update/:id' }, { Name: 'formfields.delete', Url: '/formfield/delete/:id' },
];

beforeEach(() => {
  stored = [field(1, 'Plate', 'text'), field(2, 'Odometer', 'integer'), field(3, 'Driver', 'text')];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  render(
    <MemoryRouter>
      <FieldList formId={3} udfs={false} title="Form Fields" typeLabels={new Map([['text', 'Text'], ['integer', 'Integer']])} links={fieldLinks(routes, 3)} />
    </MemoryRouter>,
  );
}
const names = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1].textContent);

describe('a form field list', () => {
  it("lists each field with its type's label and its Edit, Copy and Delete links", async () => {
    renderList();
    await waitFor(() => expect(names()).toEqual(['Plate', 'Odometer', 'Driver']));
    expect(screen.getAllByRole('row')[2].textContent).toContain('Integer');
    expect(screen.getByRole('link', { name: 'Edit Odometer' }).getAttribute('href')).toBe('/formfield/update/2');
    expect(screen.getByRole('link', { name: 'Copy Odometer' }).getAttribute('href')).toBe('/formfield/create?formid=3&isudf=false&id=2');
    expect(screen.getByRole('link', { name: 'Delete Odometer' }).getAttribute('href')).toBe('/formfield/delete/2');
    expect(screen.getByRole('link', { name: 'Add Field' }).getAttribute('href')).toBe('/formfield/create?formid=3&isudf=false');
  });

  it('reorders by keyboard: Space, ArrowUp, Space saves all ids in the new order, announces it, and reads the list again', async () => {
    renderList();
    const handle = await screen.findByRole('button', { name: 'Reorder Driver' });
    handle.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status').textContent).toMatch(/^Driver picked up, position 3 of 3/);
    await userEvent.keyboard('{ArrowUp}');
    expect(names()).toEqual(['Plate', 'Driver', 'Odometer']);
    await userEvent.keyboard(' ');
    const reorder = () => fetchMock.mock.calls.filter(([url]) => url === '/api/forms/3/fields/reorder');
    await waitFor(() => expect(reorder()).toHaveLength(1));
    expect(JSON.parse(String(reorder()[0][1]!.body))).toEqual({ FormFieldIds: [1, 3, 2] });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/forms/3/fields')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reorder Driver' })).toBe(document.activeElement));
    expect(names()).toEqual(['Plate', 'Driver', 'Odometer']);
  });

  it('puts a picked-up field back on Escape without saving', async () => {
    renderList();
    (await screen.findByRole('button', { name: 'Reorder Plate' })).focus();
    await userEvent.keyboard(' {ArrowDown}{ArrowDown}');
    expect(names()).toEqual(['Odometer', 'Driver', 'Plate']);
    await userEvent.keyboard('{Escape}');
    expect(names()).toEqual(['Plate', 'Odometer', 'Driver']);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
