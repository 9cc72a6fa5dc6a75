import { describe, expect, it } from 'vitest';
import { bodyValidator } from '../../server/lib/crud/body-validator.ts';
import { validateValues } from '../../engine/react/form/validate.ts';
import { composeFormSchema, composeUiSchema, type FormDefinition, type JsonSchema } from '../../engine/core/forms/index.ts';

// A record with library controls: the server checks each control's own rules, as the form does.
const entity: JsonSchema = {
  title: 'Contact',
  type: 'object',
  required: ['Name'],
  properties: {
    Name: { type: 'string', title: 'Name' },
    Colour: { type: 'integer', title: 'Colour' },
    Address: { type: 'object', title: 'Address' },
    PhoneNumbers: { type: 'array', title: 'Phone Numbers', items: { type: 'object' } },
    Secret: { type: 'string', title: 'Secret' },
    ShowSecret: { type: 'boolean', title: 'Show Secret' },
  },
};
const form = {
  fields: { update: ['Name', 'Colour', 'Address', 'PhoneNumbers', 'ShowSecret', 'Secret'] },
  uiSchema: {
    Colour: { 'ui:widget': 'select', 'ui:options': { required: true } },
    Address: { 'ui:field': 'address' },
    PhoneNumbers: { 'ui:field': 'phoneList', 'ui:options': { maxPhoneNumber: 2 } },
  },
  rules: [{ when: { field: 'ShowSecret', equals: true }, then: [{ show: ['Secret'] }], else: [{ hide: ['Secret'] }] }],
} as unknown as FormDefinition;

const check = bodyValidator(entity, form, 'update');
const errorsOf = (body: Record<string, unknown>) => check(body).errors.map((e) => [e.PropertyName, e.ErrorMessage]);
const phone = (PhoneNumber: string, IsPrimary: boolean) => ({ PhoneNumberType: { Id: 1, Name: 'Mobile' }, CountryCode: '1', PhoneNumber, IsPrimary });
const usa = { Id: 1, Name: 'UNITED STATES' };

describe('a write is checked with the rules of the controls its fields are drawn with', () => {
  it('accepts a record that keeps every control rule', () => {
    expect(errorsOf({ Name: 'Ada', Colour: 2, Address: { Country: usa, Address1: '1 Main St', City: 'Springfield', State: { Id: 5, Name: 'Ohio' }, ZipCode: '45501' }, PhoneNumbers: [phone('5551234567', true)] })).toEqual([]);
  });

  it("a required select left on 'Please Select' (Id -1) is empty", () => {
    expect(errorsOf({ Name: 'Ada', Colour: -1 })).toEqual([['Colour', 'Colour is required.']]);
  });

  it('any address part makes Country, Address 1 and City required, named by their path', () => {
    expect(errorsOf({ Name: 'Ada', Colour: 1, Address: { City: 'Springfield' } })).toEqual([
      ['Address.Country', 'Country is required.'],
      ['Address.Address1', 'Address 1 is required.'],
    ]);
  });

  it('a United States address needs State and Zip Code', () => {
    const errors = errorsOf({ Name: 'Ada', Colour: 1, Address: { Country: usa, Address1: '1 Main St', City: 'Springfield' } });
    expect(errors).toEqual([['Address.State', 'State is required.'], ['Address.ZipCode', 'Zip Code is required.']]);
  });

  it('a phone list over its maximum, or without exactly one primary, is refused', () => {
    expect(errorsOf({ Name: 'Ada', Colour: 1, PhoneNumbers: [phone('5551234567', true), phone('5557654321', true)] }))
      .toEqual([['PhoneNumbers', 'Exactly one phone number must be primary.']]);
    expect(errorsOf({ Name: 'Ada', Colour: 1, PhoneNumbers: [phone('5551234567', true), phone('5557654321', false), phone('5550000000', false)] }))
      .toEqual([['PhoneNumbers', 'You have exceeded the maxium number of permitted additonal items.']]);
  });

  it('plain text keeps the 200-character default maximum', () => {
    expect(errorsOf({ Name: 'x'.repeat(201), Colour: 1 })).toEqual([['Name', 'You have exceeded the maximum character length allowable for this field.']]);
  });

  it('a field hidden by the screen rules is not held to its control rule', () => {
    expect(errorsOf({ Name: 'Ada', Colour: 1, ShowSecret: false, Secret: 'y'.repeat(300) })).toEqual([]);
    expect(errorsOf({ Name: 'Ada', Colour: 1, ShowSecret: true, Secret: 'y'.repeat(300) }))
      .toEqual([['Secret', 'You have exceeded the maximum character length allowable for this field.']]);
  });

  it('gives the same items as the browser form for the same values', () => {
    const body = { Name: '', Colour: -1, Address: { City: 'Springfield' }, PhoneNumbers: [phone('5551234567', false)] };
    const schema = composeFormSchema(entity, form.fields.update, 'update');
    const uiSchema = composeUiSchema(form, form.fields.update, false);
    expect(check(body).errors).toEqual(validateValues(schema, uiSchema, body));
    expect(check(body).errors.length).toBeGreaterThan(3);
  });
});
