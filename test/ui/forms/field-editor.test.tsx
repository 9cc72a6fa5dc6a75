import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fieldTypes } from '../../../engine/core/lowcode/field-types.ts';
import { FieldEditorForm } from '../../../ui/screens/forms/FieldEditorForm.tsx';
import { emptyValues, todayIso } from '../../../ui/screens/forms/field-editor-state.ts';
import type { FormRecord } from '../../../ui/screens/forms/form-api.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const types = Object.values(fieldTypes).map((t) => ({ Id: t.key, Name: t.label, UdfAllowed: true }));
let createAnswer: () => Response;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/formfields/types/')) return json(fieldTypes[url.split('/')[4] as keyof typeof fieldTypes].attributes);
  if (url.startsWith('/api/formfields/types')) return json(types);
  if (init?.method === 'POST') return createAnswer();
  return json([]);
});

beforeEach(() => {
  fetchMock.mockClear();
  createAnswer = () => json({});
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const form = (CanHaveEav: boolean): FormRecord => ({ FormId: 3, Name: 'Vehicle Log', CanHaveEav, IsActive: true });

function renderEditor(canHaveEav: boolean, isUdf = false) {
  const onDone = vi.fn();
  const router = createMemoryRouter([{
    path: '/',
    element: <FieldEditorForm mode="create" form={form(canHaveEav)} field={null} initial={emptyValues(isUdf, todayIso())} copy={false} title="Add Field" onDone={onDone} />,
  }]);
  render(<RouterProvider router={router} />);
  return onDone;
}
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('the form field editor', () => {
  it('lets the label follow the name, and offers IsUdf only on a form that allows UDFs', async () => {
    renderEditor(false);
    await userEvent.type(input(/^Name/), 'Plate');
    expect(input(/^Report Label Text/).value).toBe('Plate');
    expect(input(/^Is UDF/).disabled).toBe(true);
    expect(screen.getByText('The form Vehicle Log does not allow user-defined fields.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Start Date/)).toBeNull();
  });

  it('shows the active range when IsUdf is turned on, the start date today, and the label no longer required', async () => {
    renderEditor(true);
    await userEvent.click(input(/^Is UDF/));
    expect(input(/^Start Date/).value).toBe(todayIso());
    expect(input(/^End Date/).value).toBe('');
    expect(input(/^Report Label Text/).required).toBe(false);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/formfields/types?isUdf=true', expect.anything()));
  });

  it("says 'Validation' and sends nothing while a field is invalid; shows the server's errors beside their inputs", async () => {
    renderEditor(false);
    await userEvent.type(input(/^Name/), 'Is Active');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText("'Is Active' is reserved: every record has a field IsActive.")).toBeTruthy();
    expect(screen.getByText('Form Field Type is required.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.clear(input(/^Name/));
    await userEvent.type(input(/^Name/), 'Plate');
    await waitFor(() => expect(input(/^Form Field Type/)).toBeTruthy());
    await userEvent.click(screen.getByRole('combobox', { name: /Form Field Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Text' }));
    const maxLength = await screen.findByLabelText(/^Maximum Length/);
    await userEvent.type(maxLength, '99999');
    expect(await screen.findByText('Maximum Length must be between 1 and 2000.')).toBeTruthy();
    await userEvent.clear(maxLength);
    await userEvent.type(maxLength, '20');
    createAnswer = () => json([{ PropertyName: 'AttributeValues.maxLength', ErrorMessage: 'Too long for the stored values.', ErrorCode: 'x' }], 400);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Too long for the stored values.')).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body));
    expect(body).toMatchObject({ FormId: 3, Name: 'Plate', ReportLabelText: 'Plate', FieldType: 'text', IsUdf: false, AttributeValues: { maxLength: 20 } });
  });
});
