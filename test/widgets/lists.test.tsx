import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';
import { PhoneEntryForm } from '../../engine/widgets/phone-list/PhoneEntryForm.tsx';

describe('AddressField', () => {
  const form = (formData?: object) => ({
    schema: { type: 'object' as const, properties: { Address: { type: 'object' as const, title: 'Address' } } },
    uiSchema: { Address: { 'ui:field': 'address' } },
    formData,
  });

  it('switches between State/Zip Code and Province/Region/Postal Code with the country, from the keyboard', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form({ Address: { ProvinceRegion: 'Ontario' } }));
    const group = screen.getByRole('group', { name: 'Address' });
    expect(within(group).getByRole('textbox', { name: /Province\/Region/ })).toBeTruthy();
    const country = within(group).getByRole('combobox', { name: /Country/ });
    country.focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'UNITED STATES' }));
    await waitFor(() => expect(lastData()?.Address).toEqual({ Country: { Id: 1, Name: 'UNITED STATES' }, ProvinceRegion: undefined, PostalCode: undefined }));
    expect(within(group).getByRole('combobox', { name: /State/ })).toBeTruthy();
    expect(within(group).getByRole('textbox', { name: /Zip Code/ })).toBeTruthy();
  });

  it('read-only: no part can be changed, the country list does not open, and every part looks read-only', async () => {
    const user = userEvent.setup();
    renderForm({ ...form({ Address: { Address1: '1 Main St', City: 'Accra' } }), uiSchema: { Address: { 'ui:field': 'address', 'ui:readonly': true } } });
    const group = screen.getByRole('group', { name: 'Address' });
    const city = within(group).getByRole('textbox', { name: /City/ }) as HTMLInputElement;
    await user.type(city, 'x');
    expect(city.value).toBe('Accra');
    await user.click(within(group).getByRole('combobox', { name: /Country/ }));
    expect(screen.queryByRole('option', { name: 'UNITED STATES' })).toBeNull();
    const parts = [...group.querySelectorAll('.MuiInputBase-root')];
    expect(parts.length).toBeGreaterThanOrEqual(6);
    expect(parts.filter((root) => !root.classList.contains('MuiInputBase-readOnly'))).toEqual([]);
  });

  it('one part filled makes Country, Address 1 and City required', async () => {
    const user = userEvent.setup();
    renderForm(form());
    await user.type(screen.getByRole('textbox', { name: /Address 2/ }), 'Suite 9');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('City is required.')).toBeTruthy();
    expect(screen.getByText('Address 1 is required.')).toBeTruthy();
    expect(screen.getByText('Country is required.')).toBeTruthy();
  });
});

describe('PhoneListField', () => {
  it("edits an entry by its stored type's name while the types are still loading, not 'Please Select'", () => {
    const initial = { IsPrimary: true, PhoneNumberType: { Id: 3, Name: 'Mobile' }, CountryCode: '1', PhoneNumber: '5550000001', Extension: '' };
    render(<PhoneEntryForm idPrefix="p" type="Edit" initial={initial} phoneTypes={[]} onSave={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('combobox', { name: /Type/ }).textContent).toBe('Mobile');
  });

  const form = (formData?: object, options: object = {}) => ({
    schema: { type: 'object' as const, properties: { PhoneNumbers: { type: 'array' as const, title: 'Phone Numbers', items: { type: 'object' as const } } } },
    uiSchema: { PhoneNumbers: { 'ui:field': 'phoneList', 'ui:options': options } },
    formData,
  });

  it("adds a number through the Add form with country code '1', made primary as the only entry", async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form());
    await user.click(screen.getByRole('button', { name: 'Add Phone Number' }));
    const addForm = screen.getByRole('form', { name: 'Add Phone Number' });
    expect((within(addForm).getByRole('textbox', { name: /Country Code/ }) as HTMLInputElement).value).toBe('1');
    expect(screen.getByRole('button', { name: 'Add Phone Number' }).hasAttribute('disabled')).toBe(true);
    within(addForm).getByRole('combobox', { name: /Type/ }).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Mobile' }));
    await user.type(within(addForm).getByRole('textbox', { name: /Phone Number/ }), '(555) 123-4567');
    await user.click(within(addForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastData()?.PhoneNumbers).toEqual([
      { IsPrimary: true, PhoneNumberType: { Id: 3, Name: 'Mobile' }, CountryCode: '1', PhoneNumber: '5551234567', Extension: '' },
    ]));
    expect(screen.getByRole('radio', { name: 'Primary: Mobile (555) 123-4567' })).toHaveProperty('checked', true);
  });

  it('Save refuses an incomplete number', async () => {
    const user = userEvent.setup();
    renderForm(form());
    await user.click(screen.getByRole('button', { name: 'Add Phone Number' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Type is required.')).toBeTruthy();
    expect(screen.getByText('Phone Number is required.')).toBeTruthy();
  });

  it('choosing another primary leaves exactly one', async () => {
    const user = userEvent.setup();
    const entry = (n: string, IsPrimary: boolean) => ({ IsPrimary, PhoneNumberType: { Id: 1, Name: 'Home' }, CountryCode: '1', PhoneNumber: n });
    const { lastData } = renderForm(form({ PhoneNumbers: [entry('5550000001', true), entry('5550000002', false)] }));
    await user.click(screen.getByRole('radio', { name: 'Primary: Home (555) 000-0002' }));
    await waitFor(() => expect((lastData()?.PhoneNumbers as Array<{ IsPrimary: boolean }>).map((e) => e.IsPrimary)).toEqual([false, true]));
  });

  it('disables Add at the maximum', () => {
    const entry = { IsPrimary: true, PhoneNumberType: { Id: 1, Name: 'Home' }, CountryCode: '1', PhoneNumber: '5550000001' };
    renderForm(form({ PhoneNumbers: [entry] }, { maxPhoneNumber: 1 }));
    expect(screen.getByRole('button', { name: 'Add Phone Number' }).hasAttribute('disabled')).toBe(true);
  });

  it('a single entry without the flag becomes primary', async () => {
    const { lastData } = renderForm(form({ PhoneNumbers: [{ IsPrimary: false, PhoneNumberType: { Id: 1, Name: 'Home' }, CountryCode: '1', PhoneNumber: '5550000001' }] }));
    await waitFor(() => expect((lastData()?.PhoneNumbers as Array<{ IsPrimary: boolean }>)[0].IsPrimary).toBe(true));
  });
});

describe('SpecifyOtherField', () => {
  const form = (formData?: object) => ({
    schema: { type: 'object' as const, required: ['Others'], properties: { Others: { type: 'array' as const, title: 'Others', items: { type: 'object' as const } } } },
    uiSchema: { Others: { 'ui:field': 'specifyOther', 'ui:options': { max: 2 } } },
    formData,
  });

  it('adds entries until the maximum, then disables Add Other', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form());
    await user.click(screen.getByRole('button', { name: 'Add Other' }));
    await user.type(screen.getByRole('textbox', { name: 'Other 1' }), 'Welsh');
    await user.click(screen.getByRole('button', { name: 'Add Other' }));
    expect(screen.getByRole('button', { name: 'Add Other' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(lastData()?.Others).toEqual([{ Id: 0, IsActive: true, Name: 'Welsh' }, { Id: 0, IsActive: true, Name: '' }]));
    await user.click(screen.getByRole('button', { name: 'Remove Other 2' }));
    expect(screen.getByRole('button', { name: 'Add Other' }).hasAttribute('disabled')).toBe(false);
  });

  it('required means at least one entry', async () => {
    const user = userEvent.setup();
    renderForm(form({ Others: [] }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Others is required.')).toBeTruthy();
  });
});
