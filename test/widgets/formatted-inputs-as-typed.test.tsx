import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneEntryForm } from '../../engine/widgets/phone-list/PhoneEntryForm.tsx';
import { renderForm } from './render-form.tsx';

/**
 * Issue 29, finding 6: a formatted input never changes what a person types. Each input is typed into as a person
 * does (tab in and type, select all and type, paste, delete everything, edit after the blur reformat, a typo) and
 * both the text on screen and the value handed to the form are checked.
 */
interface Case {
  name: string;
  widget?: string;
  type: 'number' | 'integer' | 'string';
  /** A stored value and how it shows. */
  stored: unknown;
  storedText: string;
  /** Typed over the selected value: the value handed to the form and the text once the field is left. */
  typed: string;
  typedValue: unknown;
  typedText: string;
  /** Pasted over the selected value. */
  pasted: string;
  pastedValue: unknown;
  pastedText: string;
  /** Keys typed at the end of the formatted text (after the blur reformat of `stored`). */
  edit: string;
  editedText: string;
  editedValue: unknown;
  /** A typo: kept as typed, handed to the form as typed, and reported. */
  invalid: string;
  invalidMessage: RegExp;
}

const cases: Case[] = [
  {
    name: 'currency', widget: 'currency', type: 'number', stored: 80, storedText: '$80.00',
    typed: '95', typedValue: 95, typedText: '$95.00',
    pasted: '($1,234.50)', pastedValue: -1234.5, pastedText: '($1,234.50)',
    edit: '{Backspace}{Backspace}{Backspace}{Backspace}5.25', editedText: '$85.25', editedValue: 85.25,
    invalid: '1 234,50', invalidMessage: /^Must be a valid currency amount\.$/,
  },
  {
    name: 'percentage', widget: 'percentage', type: 'number', stored: 7, storedText: '7.00 %',
    typed: '12.5', typedValue: 12.5, typedText: '12.50 %',
    pasted: '-3.25%', pastedValue: -3.25, pastedText: '-3.25 %',
    edit: '{Backspace}{Backspace}{Backspace}5', editedText: '7.05', editedValue: 7.05,
    invalid: '12,5', invalidMessage: /^Must be a valid percentage\.$/,
  },
  {
    name: 'phone', widget: 'phone', type: 'string', stored: '5551234567', storedText: '(555) 123-4567',
    typed: '5559876543', typedValue: '5559876543', typedText: '(555) 987-6543',
    pasted: '+1 (555) 123-4567', pastedValue: '15551234567', pastedText: '1 (555) 123-4567',
    edit: '{Backspace}9', editedText: '(555) 123-4569', editedValue: '5551234569',
    invalid: '555-CALL-NOW', invalidMessage: /^Must be a valid phone number\.$/,
  },
  {
    name: 'EIN', widget: 'ein', type: 'string', stored: '123456789', storedText: '12-3456789',
    typed: '987654321', typedValue: '987654321', typedText: '98-7654321',
    pasted: '98 7654321', pastedValue: '987654321', pastedText: '98-7654321',
    edit: '{Backspace}0', editedText: '12-3456780', editedValue: '123456780',
    invalid: '12-34', invalidMessage: /^Must be a valid EIN\.$/,
  },
  {
    name: 'decimal number', type: 'number', stored: 80.5, storedText: '80.5',
    typed: '95.25', typedValue: 95.25, typedText: '95.25',
    pasted: '1,234.50', pastedValue: 1234.5, pastedText: '1234.5',
    edit: '{Backspace}75', editedText: '80.75', editedValue: 80.75,
    invalid: '1.2.3', invalidMessage: /must be number/,
  },
  {
    name: 'integer', type: 'integer', stored: 12, storedText: '12',
    typed: '40', typedValue: 40, typedText: '40',
    pasted: '1,000', pastedValue: 1000, pastedText: '1000',
    edit: '5', editedText: '125', editedValue: 125,
    invalid: '12abc', invalidMessage: /must be integer/,
  },
];

/** A form with the one field (optional, so it may be emptied to null, as built forms' fields are). */
function renderField(c: Case, stored?: unknown) {
  return renderForm({
    schema: { type: 'object', properties: { Field: { type: [c.type, 'null'], title: 'Field' } } },
    uiSchema: c.widget ? { Field: { 'ui:widget': c.widget } } : {},
    formData: stored === undefined ? {} : { Field: stored },
  });
}

const box = () => screen.getByRole('textbox', { name: 'Field' }) as HTMLInputElement;
const selected = (input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);

describe.each(cases)('$name input, typed into as a person does', (c) => {
  it('tab in: the value shows as it was, wholly selected, and typing replaces it', async () => {
    const user = userEvent.setup();
    const { lastData } = renderField(c, c.stored);
    await user.tab();
    expect(document.activeElement).toBe(box());
    expect(box().value).toBe(c.storedText);
    expect(selected(box())).toBe(c.storedText);
    await user.keyboard(c.typed);
    expect(box().value).toBe(c.typed);
    await waitFor(() => expect(lastData()?.Field).toBe(c.typedValue));
    await user.tab();
    expect(box().value).toBe(c.typedText);
    expect(lastData()?.Field).toBe(c.typedValue);
  });

  it('a click leaves the text as it is; select all and type replaces it', async () => {
    const user = userEvent.setup();
    const { lastData } = renderField(c, c.stored);
    await user.click(box());
    expect(box().value).toBe(c.storedText);
    await user.keyboard('{Control>}a{/Control}');
    await user.keyboard(c.typed);
    expect(box().value).toBe(c.typed);
    await waitFor(() => expect(lastData()?.Field).toBe(c.typedValue));
    await user.tab();
    expect(box().value).toBe(c.typedText);
  });

  it('paste of formatted text gives the plain value', async () => {
    const user = userEvent.setup();
    const { lastData } = renderField(c, c.stored);
    await user.tab();
    expect(selected(box())).toBe(c.storedText);
    await user.paste(c.pasted);
    expect(box().value).toBe(c.pasted);
    await waitFor(() => expect(lastData()?.Field).toBe(c.pastedValue));
    await user.tab();
    expect(box().value).toBe(c.pastedText);
  });

  it('deleting everything gives empty (null), not 0', async () => {
    const user = userEvent.setup();
    const { lastData } = renderField(c, c.stored);
    await user.tab();
    await user.keyboard('{Backspace}');
    expect(box().value).toBe('');
    await waitFor(() => expect(lastData()?.Field).toBeNull());
    await user.tab();
    expect(box().value).toBe('');
    expect(lastData()?.Field).toBeNull();
  });

  it('typing at the end of the reformatted text edits that number, not another', async () => {
    const user = userEvent.setup();
    const { lastData } = renderField(c, c.stored);
    await user.click(box());
    await user.keyboard('{End}');
    await user.keyboard(c.edit);
    expect(box().value).toBe(c.editedText);
    await waitFor(() => expect(lastData()?.Field).toBe(c.editedValue));
  });

  it('a typo is kept as typed, handed on as typed (so it cannot be saved) and reported', async () => {
    const user = userEvent.setup();
    const { lastData } = renderField(c);
    await user.click(box());
    await user.keyboard(c.invalid);
    await waitFor(() => expect(lastData()?.Field).toBe(c.invalid));
    await user.tab();
    expect(box().value).toBe(c.invalid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(c.invalidMessage)).toBeTruthy();
    expect(box().value).toBe(c.invalid);
  });
});

describe('a required currency input emptied', () => {
  it("hands on nothing (not 0, not null), so the form says '{0} is required.'", async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({
      schema: { type: 'object', required: ['Field'], properties: { Field: { type: 'number', title: 'Field' } } },
      uiSchema: { Field: { 'ui:widget': 'currency' } },
      formData: { Field: 80 },
    });
    await user.tab();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(lastData()).toBeDefined());
    expect(lastData()?.Field).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Field is required.')).toBeTruthy();
  });
});

describe('number range ends, typed into as a person does', () => {
  const render = (formData?: object) => renderForm({
    schema: { type: 'object', properties: { Amount: { type: 'object', title: 'Amount', properties: { Start: { type: 'number' }, End: { type: 'number' } } } } },
    uiSchema: { Amount: { 'ui:field': 'numberRange' } },
    formData,
  });
  const from = () => screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
  const to = () => screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;

  it('tab in selects the end, typing and pasting replace it, and the range holds numbers', async () => {
    const user = userEvent.setup();
    const { lastData } = render({ Amount: { Start: 1.5, End: 20 } });
    await user.tab();
    expect(selected(from())).toBe('1.5');
    await user.keyboard('2');
    await user.tab();
    expect(selected(to())).toBe('20');
    await user.paste('1,234.50');
    expect(to().value).toBe('1,234.50');
    await waitFor(() => expect(lastData()?.Amount).toEqual({ Start: 2, End: 1234.5 }));
    await user.tab();
    expect(to().value).toBe('1234.5');
  });

  it('an end deleted is left out of the range; a typo stays as typed and is reported', async () => {
    const user = userEvent.setup();
    const { lastData } = render({ Amount: { Start: 1.5, End: 20 } });
    await user.tab();
    await user.keyboard('{Backspace}');
    await user.tab();
    await user.keyboard('2O');
    await waitFor(() => expect(lastData()?.Amount).toEqual({ Start: undefined, End: '2O' }));
    await user.tab();
    expect(from().value).toBe('');
    expect(to().value).toBe('2O');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be a valid decimal number.')).toBeTruthy();
  });
});

describe("a phone list's Add/Edit form, typed into as a person does", () => {
  const entry = { IsPrimary: true, PhoneNumberType: { Id: 3, Name: 'Mobile' }, CountryCode: '1', PhoneNumber: '5550000001', Extension: '' };
  const renderEntry = () => {
    const onSave = vi.fn();
    render(<PhoneEntryForm idPrefix="p" type="Edit" initial={entry} phoneTypes={[]} onSave={onSave} onCancel={() => {}} />);
    return onSave;
  };
  const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it('shows the stored number formatted; pasted formatted text is read whole (no maxLength cuts it) and saved as digits', async () => {
    const user = userEvent.setup();
    const onSave = renderEntry();
    expect(field(/Phone Number/).value).toBe('(555) 000-0001');
    await user.click(field(/Country Code/));
    await user.keyboard('{Control>}a{/Control}');
    await user.paste('+44');
    await user.tab();
    // Not a North American number any more: its digits, wholly selected.
    expect(selected(field(/Phone Number/))).toBe('5550000001');
    await user.paste('(020) 7946-0958');
    expect(field(/Phone Number/).value).toBe('(020) 7946-0958');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ...entry, CountryCode: '44', PhoneNumber: '02079460958' });
  });

  it('a typo is kept as typed and Save refuses it with a clear error', async () => {
    const user = userEvent.setup();
    const onSave = renderEntry();
    await user.click(field(/Phone Number/));
    await user.keyboard('{Control>}a{/Control}555-CALL-NOW');
    await user.tab();
    expect(field(/Phone Number/).value).toBe('555-CALL-NOW');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be a valid phone number.')).toBeTruthy();
    expect(field(/Phone Number/).value).toBe('555-CALL-NOW');
    expect(onSave).not.toHaveBeenCalled();
  });
});
