import { describe, expect, it } from 'vitest';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { itemsFor, messagesFor } from './helper.ts';

describe('shared default messages (spec 1 section 5) for ajv rules', () => {
  it("required: '{0} is required.' with the field's label", () => {
    const schema = { type: 'object', required: ['FirstName'], properties: { FirstName: { type: 'string', title: 'First Name' } } };
    expect(itemsFor(schema, {})).toEqual([{ PropertyName: 'FirstName', ErrorMessage: 'First Name is required.', ErrorCode: 'required' }]);
  });

  it('a field without a title is named by its property name', () => {
    const schema = { type: 'object', required: ['Url'], properties: { Url: { type: 'string' } } };
    expect(itemsFor(schema, {})[0].ErrorMessage).toBe('Url is required.');
  });

  it("minLength: 'Must be at least {1} character(s) long.'; a minimum of 1 reads as required", () => {
    expect(messagesFor({ type: 'string', minLength: 3 }, 'ab')).toEqual(['Must be at least 3 character(s) long.']);
    expect(messagesFor({ type: 'string', minLength: 1 }, '')).toEqual(['Field Label is required.']);
  });

  it("maxLength: 'Must be no more than {1} character(s) long.'", () => {
    expect(messagesFor({ type: 'string', maxLength: 200 }, 'x'.repeat(201))).toEqual(['Must be no more than 200 character(s) long.']);
    expect(messagesFor({ type: 'string', maxLength: 200 }, 'x'.repeat(200))).toEqual([]);
  });

  it("pattern: 'Must be a valid {1}.' naming the field", () => {
    expect(messagesFor({ type: 'string', pattern: '^[A-Z]+$' }, 'abc')).toEqual(['Must be a valid Field Label.']);
  });

  it('nested fields are labelled by their own title and named by their path (phone list entries)', () => {
    const schema = {
      type: 'object',
      properties: {
        PhoneNumbers: {
          type: 'array',
          items: { type: 'object', required: ['PhoneNumber'], properties: { PhoneNumber: { type: 'string', title: 'Phone Number' }, CountryCode: { type: 'string', maxLength: 5 } } },
        },
      },
    };
    expect(itemsFor(schema, { PhoneNumbers: [{ CountryCode: '123456' }] })).toEqual([
      { PropertyName: 'PhoneNumbers.0.PhoneNumber', ErrorMessage: 'Phone Number is required.', ErrorCode: 'required' },
      { PropertyName: 'PhoneNumbers.0.CountryCode', ErrorMessage: 'Must be no more than 5 character(s) long.', ErrorCode: 'maxLength' },
    ]);
  });

  it('the catalogue keeps the specification\'s wording, misspellings included', () => {
    expect(defaultMessages.uniqueUserName).toBe('An user with the same User Name already exists.');
    expect(defaultMessages.maxSelections).toBe('Can only select up to {1} item(s).');
    expect(defaultMessages.textMaximum).toBe('You have exceeded the maximum character length allowable for this field.');
  });
});

describe('"Messages come from config, otherwise from defaults": a field\'s messages override the catalogue', () => {
  it('by catalogue key, with {0} the label and {1} the rule value', () => {
    const field = { type: 'string', maxLength: 5, messages: { maxLength: '{0} takes {1} letters at most.' } };
    expect(messagesFor(field, 'abcdef')).toEqual(['Field Label takes 5 letters at most.']);
  });

  it('for required, the override sits on the missing field', () => {
    const schema = {
      type: 'object',
      required: ['Role'],
      properties: { Role: { type: 'integer', title: 'Role', messages: { required: 'Please choose a {0}.' } } },
    };
    expect(itemsFor(schema, {})[0].ErrorMessage).toBe('Please choose a Role.');
  });

  it('by keyword, which wins over the catalogue key (select required: a value other than Id -1)', () => {
    const field = { type: 'integer', title: 'Role', notEqualTo: -1, messages: { notEqualTo: '{0} is required.' } };
    expect(messagesFor(field, -1)).toEqual(['Role is required.']);
    const both = { type: 'string', format: 'zip', messages: { format: 'Zip!', pattern: 'Pattern!' } };
    expect(messagesFor(both, 'x')).toEqual(['Zip!']);
  });

  it('a field without overrides keeps the default', () => {
    expect(messagesFor({ type: 'string', format: 'zip', messages: { required: 'unused' } }, 'x')).toEqual(['Must be a valid zip code.']);
  });

  it('a messages entry must be text', async () => {
    const { createAjv } = await import('../../../engine/core/ajv.ts');
    expect(() => createAjv().compile({ messages: { required: 5 } })).toThrow();
  });
});
