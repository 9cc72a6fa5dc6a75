import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createErrorHandler, toErrorList, unwrapErrorHandler, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { createWidgetValidator } from '../../engine/widgets/validation.ts';
import { fields, widgets } from '../../engine/widgets/registry.ts';
import { widgetRules } from '../../engine/widgets/rules.ts';
import { renderForm } from './render-form.tsx';

function validate(schema: RJSFSchema, uiSchema: UiSchema, data: unknown) {
  const errors = createWidgetValidator(schema)(data, createErrorHandler(data), uiSchema);
  return toErrorList(unwrapErrorHandler(errors)).map((e) => `${e.property}: ${e.message}`);
}

describe('createWidgetValidator', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['Colour', 'Notes'],
    properties: {
      Colour: { type: 'integer', title: 'Colour' },
      Notes: { type: 'string', title: 'Notes' },
      Plain: { type: 'string', title: 'Plain' },
      Limited: { type: 'string', title: 'Limited', maxLength: 500 },
      When: { type: 'string', format: 'date' },
      Address: { type: 'object', properties: { Inner: { type: 'object' } } },
      Phones: { type: 'array', items: { type: 'string' } },
    },
  };
  const ui: UiSchema = { Colour: { 'ui:widget': 'select' }, Notes: { 'ui:widget': 'textarea' }, Address: { 'ui:field': 'address' }, Phones: { items: { 'ui:widget': 'phone' } } };

  it('applies each named control rule with required-ness from the schema', () => {
    expect(validate(schema, ui, { Colour: -1, Notes: ' \n ' })).toEqual(['.Colour: Colour is required.', '.Notes: Notes is required.']);
  });
  it('gives every plain string the 200 maximum, leaving a schema maxLength to ajv', () => {
    expect(validate(schema, ui, { Colour: 1, Notes: 'x', Plain: 'p'.repeat(201), Limited: 'l'.repeat(300) })).toEqual([
      '.Plain: You have exceeded the maximum character length allowable for this field.',
    ]);
  });
  it('checks date strings and the parts of an address', () => {
    expect(validate(schema, ui, { Colour: 1, Notes: 'x', When: '2026-02-30', Address: { City: 'X' } })).toEqual([
      '.When: When is not a valid date.',
      '.Address.Country: Country is required.',
      '.Address.Address1: Address 1 is required.',
    ]);
  });
  it('walks array items', () => {
    expect(validate(schema, ui, { Colour: 1, Notes: 'x', Phones: ['5551234567', '12'] })).toEqual(['.Phones.1: Must be a valid phone number.']);
  });
});

describe('registry', () => {
  it('names every control for metadata', () => {
    expect(Object.keys(widgets).sort()).toEqual(['currency', 'date', 'date-time', 'ein', 'percentage', 'phone', 'richtext', 'select', 'selectMany', 'text', 'textarea', 'toggleButton']);
    expect(Object.keys(fields).sort()).toEqual(['address', 'checkboxTree', 'dateRange', 'fileUploader', 'imageUpload', 'locations', 'moduleAccess', 'numberRange', 'phoneList', 'specifyOther', 'wizardPicker']);
  });
  it('has a validation rule for every control', () => {
    expect(Object.keys(widgetRules).sort()).toEqual([...Object.keys(widgets), ...Object.keys(fields)].sort());
  });
});

describe('async validators', () => {
  const schema = { type: 'object' as const, properties: { UserName: { type: 'string' as const, title: 'User Name' } } };
  it("a field naming a missing async validator shows 'MISSING ASYNC VALIDATOR FUNCTION' on blur", async () => {
    const user = userEvent.setup();
    renderForm({ schema, uiSchema: { UserName: { 'ui:options': { asyncValidator: 'uniqueUserName' } } } });
    await user.type(screen.getByRole('textbox', { name: 'User Name' }), 'ada');
    await user.tab();
    expect(await screen.findByText('MISSING ASYNC VALIDATOR FUNCTION')).toBeTruthy();
  });
  it("shows the validator's answer on blur and clears it on edit", async () => {
    const user = userEvent.setup();
    renderForm({
      schema,
      uiSchema: { UserName: { 'ui:options': { asyncValidator: 'uniqueUserName' } } },
      formContext: { asyncValidators: { uniqueUserName: async (v: unknown) => (v === 'ada' ? 'An user with the same User Name already exists.' : null) } },
    });
    const box = screen.getByRole('textbox', { name: 'User Name' });
    await user.type(box, 'ada');
    await user.tab();
    expect(await screen.findByText('An user with the same User Name already exists.')).toBeTruthy();
    await user.type(box, 'x');
    expect(screen.queryByText('An user with the same User Name already exists.')).toBeNull();
  });
});
