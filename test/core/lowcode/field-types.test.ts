import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../engine/core/ajv.ts';
import { ajvErrorsToItems } from '../../../engine/core/error-items.ts';
import { composeStoredForm, fieldTypes, schemaDefinitionOf, type FieldTypeKey } from '../../../engine/core/lowcode/index.ts';
import { screenDocumentFaults } from '../../../engine/core/screen-document.ts';
import { field, incidentForm, today } from './fixtures.ts';



/** The entity of a form with one field named Value of this type, labelled 'Value'. */
function oneField(FieldType: FieldTypeKey, AttributeValues: Record<string, unknown> = {}) {
  return composeStoredForm(incidentForm, [field({ Name: 'Value', FieldType, AttributeValues })], today);
}

/** The messages a value of the one field gets ([] when it is accepted). */
function messages(FieldType: FieldTypeKey, attributes: Record<string, unknown>, value: unknown): string[] {
  const { entity } = oneField(FieldType, attributes);
  const validate = createAjv().compile(entity);
  const record = value === undefined ? {} : { Value: value };
  return validate(record) ? [] : ajvErrorsToItems(validate.errors, entity).map((e) => e.ErrorMessage);
}

const long = (n: number) => 'x'.repeat(n);

/** For every type: attributes, a value accepted, a value refused and the catalogue's message for it. */
const cases: Array<[FieldTypeKey, Record<string, unknown>, unknown, unknown, string]> = [
  ['text', { required: true, pattern: 'zip' }, '12345', 'abcde', 'Must be a valid zip code.'],
  ['text', { required: true }, 'a', '   ', 'Value is required.'],
  ['text', {}, long(200), long(201), 'Must be no more than 200 character(s) long.'],
  ['text', { minLength: 3, maxLength: 5 }, 'abc', 'ab', 'Must be at least 3 character(s) long.'],
  ['textArea', {}, long(2000), long(2001), 'Must be no more than 2000 character(s) long.'],
  ['richText', {}, long(8000), long(8001), 'Must be no more than 8000 character(s) long.'],
  ['integer', { greaterThanOrEqualTo: 1, lessThan: 10 }, 9, 10, 'Must be less than 10.'],
  ['integer', { greaterThanOrEqualTo: 1 }, 1, 0, 'Must be greater than or equal to 1.'],
  ['integer', {}, 2147483647, 2147483648, 'Must be less than or equal to 2147483647.'],
  ['decimal', { decimalPlaces: 3 }, 1.234, 1.2345, 'Must have 3 or fewer digits to the right of the decimal.'],
  ['decimal', { greaterThan: 0 }, 0.5, 0, 'Must be greater than 0.'],
  ['currency', { lessThanOrEqualTo: 100 }, 99.99, 1.234, 'Must have 2 or fewer digits to the right of the decimal.'],
  ['currency', { lessThanOrEqualTo: 100 }, 100, 100.01, 'Must be less than or equal to 100.'],
  ['percentage', { greaterThanOrEqualTo: 0, lessThanOrEqualTo: 100 }, 12.5, 101, 'Must be less than or equal to 100.'],
  ['date', {}, '2026-11-24', '11/24/2026', 'Value is not a valid date.'],
  // Issue 32 (Schedule Items' StartsAt): an ISO date-time, in UTC as the client sends it.
  ['dateTime', { required: true }, '2026-11-24T09:30:00.000Z', '11/24/2026 9:30', 'Value is not a valid date.'],
  ['dateRange', {}, { StartDate: '2026-01-01', EndDate: '2026-02-01' }, { StartDate: 'soon', EndDate: null }, 'Start Date is not a valid date.'],
  ['dateRange', { required: true }, { StartDate: '2026-01-01', EndDate: null }, {}, 'Start Date is required.'],
  ['yesNo', {}, true, 'yes', 'Value must be yes or no.'],
  ['selectOne', { required: true, lookupListId: 7 }, 3, -1, 'Value is required.'],
  ['selectMany', { lookupListId: 7 }, [1, 2], [1, 1], 'Value: must NOT have duplicate items (items ## 1 and 0 are identical)'],
  ['selectMany', { lookupListId: 7, required: true }, [4], [], 'Value is required.'],
  ['specifyOther', {}, [{ Id: 0, IsActive: true, Name: 'Other' }], [{ Id: 0, IsActive: true, Name: long(201) }], 'Must be no more than 200 character(s) long.'],
  ['phoneList', { max: 1 }, [{ IsPrimary: true, PhoneNumber: '5551234567' }], [{ PhoneNumber: '1' }, { PhoneNumber: '2' }],
    'You have exceeded the maxium number of permitted additonal items.'],
  ['address', {}, { Address1: '1 Main St', City: 'Springfield', ZipCode: '12345' }, { ZipCode: long(11) }, 'Must be no more than 10 character(s) long.'],
  ['fileUpload', { maxUploads: 2 }, [{ Name: 'a', Description: '', FileName: 'f1.pdf', UserFileName: 'a.pdf', IsActive: true }], [{ Name: 'a' }], 'File Name is required.'],
  ['image', {}, { FileName: 'logo.png', UserFileName: 'Logo.png' }, { FileName: long(65) }, 'Must be no more than 64 character(s) long.'],
];

describe('every field type composes into a schema ajv compiles', () => {
  it.each(cases)('%s %j accepts %j and refuses %j: %s', (type, attributes, good, bad, message) => {
    expect(messages(type, attributes, good)).toEqual([]);
    expect(messages(type, attributes, bad)).toContain(message);
  });

  it('covers the whole catalogue, and each type alone makes a valid screen document', () => {
    expect(new Set(cases.map(([type]) => type))).toEqual(new Set(Object.keys(fieldTypes)));
    for (const key of Object.keys(fieldTypes) as FieldTypeKey[]) {
      const attributes = key.startsWith('select') ? { lookupListId: 3 } : {};
      expect(screenDocumentFaults(oneField(key, attributes).screen), key).toEqual([]);
    }
  });

  it('leaves an optional field empty or null', () => {
    for (const key of Object.keys(fieldTypes) as FieldTypeKey[]) {
      const attributes = key.startsWith('select') ? { lookupListId: 3 } : {};
      expect(messages(key, attributes, undefined), key).toEqual([]);
      expect(messages(key, attributes, null), key).toEqual([]);
    }
  });

  it('refuses a missing required value with the catalogue message', () => {
    expect(messages('currency', { required: true }, undefined)).toEqual(['Value is required.']);
    expect(messages('date', { required: true }, null)).toContain('Value must be text.');
  });
});

describe('widgets and options', () => {
  const ui = (type: FieldTypeKey, attributes: Record<string, unknown> = {}) => oneField(type, attributes).screen.form?.uiSchema?.Value;

  it('draws each type with the widget library', () => {
    expect(ui('text')).toEqual({ 'ui:widget': 'text' });
    expect(ui('text', { pattern: 'zip' })).toEqual({ 'ui:widget': 'text' });
    // Their inputs store the digits, which the patterns accept: 5551234567, 123456789.
    expect(ui('text', { pattern: 'usPhone' })).toEqual({ 'ui:widget': 'phone' });
    expect(ui('text', { pattern: 'ein' })).toEqual({ 'ui:widget': 'ein' });
    expect(messages('text', { pattern: 'usPhone' }, '5551234567')).toEqual([]);
    expect(messages('text', { pattern: 'ein' }, '123456789')).toEqual([]);
    expect(ui('textArea')).toEqual({ 'ui:widget': 'textarea' });
    expect(ui('richText')).toEqual({ 'ui:widget': 'richtext' });
    expect(ui('selectOne', { lookupListId: 7 })).toEqual({ 'ui:widget': 'select', 'ui:options': { source: 'simple-lookup-7' } });
    expect(ui('selectMany', { lookupListId: 7, maxSelections: 3 })).toEqual({ 'ui:widget': 'selectMany', 'ui:options': { source: 'simple-lookup-7', maxSelections: 3 } });
    expect(ui('fileUpload', { maxUploads: 2, maxFileSizeMB: 5, extensions: ['pdf'] }))
      .toEqual({ 'ui:field': 'fileUploader', 'ui:options': { maxUploads: 2, maxFileSizeMB: 5, extensions: ['pdf'] } });
    expect(ui('image')).toEqual({ 'ui:field': 'imageUpload', 'ui:options': { uploadType: 'image' } });
    expect(ui('yesNo')).toEqual({ 'ui:widget': 'toggleButton' });
    expect(ui('date')).toEqual({ 'ui:widget': 'date' });
    expect(ui('dateRange', { allowSameDay: true })).toEqual({ 'ui:field': 'dateRange', 'ui:options': { allowSameDay: true } });
    expect(ui('currency')).toEqual({ 'ui:widget': 'currency', 'ui:options': { currency: 'USD' } });
    expect(ui('percentage')).toEqual({ 'ui:widget': 'percentage', 'ui:options': { decimals: 2 } });
    expect(ui('phoneList', { max: 3 })).toEqual({ 'ui:field': 'phoneList', 'ui:options': { max: 3 } });
    expect(ui('specifyOther', { min: 1, max: 3 })).toEqual({ 'ui:field': 'specifyOther', 'ui:options': { min: 1, max: 3 } });
    expect(ui('address')).toEqual({ 'ui:field': 'address' });
  });

  it('stores each type in its PostgreSQL type', () => {
    const columns = Object.fromEntries(Object.values(fieldTypes).map((t) => [t.key, t.columnType]));
    expect(columns).toEqual({
      text: 'text', textArea: 'text', richText: 'text', integer: 'integer', decimal: 'numeric', currency: 'numeric',
      percentage: 'numeric', date: 'date', dateTime: 'text', dateRange: 'jsonb', yesNo: 'boolean', selectOne: 'integer', selectMany: 'jsonb',
      specifyOther: 'jsonb', phoneList: 'jsonb', address: 'jsonb', fileUpload: 'jsonb', image: 'jsonb',
    });
    expect(oneField('currency').entity.properties?.Value).toMatchObject({ 'x-columnType': 'numeric', 'x-fieldType': 'currency' });
  });

  it("gives the spec's schema definition: a text's maximum length is its LessThanOrEqualTo", () => {
    expect(schemaDefinitionOf(field({ Name: 'A', FieldType: 'text' }))).toEqual({ Type: 'text', LessThanOrEqualTo: 200, Enabled: true });
    expect(schemaDefinitionOf(field({ Name: 'A', FieldType: 'textArea', AttributeValues: { maxLength: 500 }, IsActive: false })))
      .toEqual({ Type: 'text', LessThanOrEqualTo: 500, Enabled: false });
    expect(schemaDefinitionOf(field({ Name: 'A', FieldType: 'integer', AttributeValues: { lessThanOrEqualTo: 9 } })))
      .toEqual({ Type: 'integer', LessThanOrEqualTo: 9, Enabled: true });
    expect(schemaDefinitionOf(field({ Name: 'A', FieldType: 'date' }))).toEqual({ Type: 'date', LessThanOrEqualTo: null, Enabled: true });
  });
});
