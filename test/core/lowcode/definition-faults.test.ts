import { describe, expect, it } from 'vitest';
import { attributeFaults, definitionFaults, fieldTypes, type StoredField } from '../../../engine/core/lowcode/index.ts';
import { field, incidentForm, today, udf } from './fixtures.ts';

const faultsOf = (fields: StoredField[], form = incidentForm) =>
  definitionFaults(form, fields).map((f) => [f.PropertyName, f.ErrorMessage]);

describe('the definition check', () => {
  it('passes a good definition', () => {
    expect(faultsOf([
      field({ Name: 'Title', FieldType: 'text', AttributeValues: { required: true, maxLength: 50, pattern: 'alphanumeric' } }),
      field({ Name: 'Category', FieldType: 'selectOne', AttributeValues: { lookupListId: 4 } }),
      udf({ Name: 'Witness', ReportLabelText: null, FieldType: 'text', EndDate: today }),
    ])).toEqual([]);
  });

  it('reports an unknown field type', () => {
    expect(faultsOf([field({ Name: 'A', FieldType: 'hologram' })])).toEqual([['Fields.0.FieldType', "'hologram' is not a field type. Choose a type from the list."]]);
    expect(faultsOf([field({ Name: 'A', FieldType: 'toString' })])).toEqual([['Fields.0.FieldType', "'toString' is not a field type. Choose a type from the list."]]);
  });

  it('reports two fields with one name after normalising, inactive ones included', () => {
    expect(faultsOf([
      field({ Name: 'Incident Date', FieldType: 'date' }),
      field({ Name: 'incident_date', FieldType: 'date', IsActive: false }),
    ])).toEqual([['Fields.1.Name', "Two fields are named IncidentDate: 'Incident Date' and 'incident_date'."]]);
    expect(faultsOf([field({ Name: 'Code', FieldType: 'text' }), udf({ Name: 'CODE', FieldType: 'text' })]))
      .toEqual([['Fields.1.Name', "Two fields are named Code: 'Code' and 'CODE'."]]);
  });

  it('reports a name that is not a valid identifier after normalising', () => {
    expect(faultsOf([field({ Name: '1st', FieldType: 'text' })])).toEqual([['Fields.0.Name', "'1st' cannot start with a digit."]]);
    expect(faultsOf([field({ Name: 'Modified By', FieldType: 'text' })])).toEqual([['Fields.0.Name', "'Modified By' is reserved: every record has a field ModifiedBy."]]);
  });

  it('reports attribute faults under the field', () => {
    expect(faultsOf([field({ Name: 'A', FieldType: 'text', AttributeValues: { maxLength: 'long' } })]))
      .toEqual([['Fields.0.AttributeValues.maxLength', 'Maximum Length must be a whole number.']]);
  });

  it('reports a missing label on an ordinary field, not on a UDF', () => {
    expect(faultsOf([field({ Name: 'A', FieldType: 'text', ReportLabelText: ' ' })])).toEqual([['Fields.0.ReportLabelText', 'Report Label Text is required.']]);
    expect(faultsOf([udf({ Name: 'A', FieldType: 'text', ReportLabelText: null })])).toEqual([]);
  });

  it('reports a UDF on a form that does not allow UDFs', () => {
    expect(faultsOf([udf({ Name: 'Extra', FieldType: 'text' })], { ...incidentForm, CanHaveEav: false }))
      .toEqual([['Fields.0.IsUdf', "'Extra' is a user-defined field, but the form Incident Report does not allow user-defined fields."]]);
  });

  it('reports a UDF without a start date, a date that is not one, and an end before the start', () => {
    expect(faultsOf([udf({ Name: 'A', FieldType: 'text', StartDate: null })])).toEqual([['Fields.0.StartDate', 'Start Date is required.']]);
    expect(faultsOf([udf({ Name: 'A', FieldType: 'text', StartDate: 'soon' })])).toEqual([['Fields.0.StartDate', 'Start Date is not a valid date.']]);
    expect(faultsOf([udf({ Name: 'A', FieldType: 'text', EndDate: '2026-13-45' })])).toEqual([['Fields.0.EndDate', 'End Date is not a valid date.']]);
    expect(faultsOf([udf({ Name: 'A', FieldType: 'text', StartDate: '2026-11-24', EndDate: '2026-11-23' })]))
      .toEqual([['Fields.0.EndDate', 'The start date must be on or before the end date.']]);
    expect(faultsOf([udf({ Name: 'A', FieldType: 'text', StartDate: '2026-11-24', EndDate: '2026-11-24' })])).toEqual([]);
  });
});

describe('attribute values checked by their definitions', () => {
  const check = (type: keyof typeof fieldTypes, values: Record<string, unknown>) =>
    attributeFaults(fieldTypes[type], values).map((f) => [f.PropertyName, f.ErrorMessage]);

  it('refuses an unknown attribute', () => {
    expect(check('date', { maxLength: 5 })).toEqual([['AttributeValues.maxLength', 'Unknown attribute maxLength for the field type Date.']]);
  });

  it('refuses a value of the wrong type', () => {
    expect(check('text', { required: 'yes' })).toEqual([['AttributeValues.required', 'Required must be Yes or No.']]);
    expect(check('decimal', { decimalPlaces: 1.5 })).toEqual([['AttributeValues.decimalPlaces', 'Decimal Places must be a whole number.']]);
    expect(check('currency', { lessThan: '10' })).toEqual([['AttributeValues.lessThan', 'Less Than must be a number.']]);
    expect(check('fileUpload', { extensions: 'pdf' })).toEqual([['AttributeValues.extensions', 'Allowed Extensions must be a list of file extensions.']]);
    expect(check('fileUpload', { extensions: ['pdf', '*.exe'] })).toEqual([['AttributeValues.extensions', "Allowed Extensions: '*.exe' is not a file extension (letters and digits, at most 10)."]]);
  });

  it('refuses a value out of range', () => {
    expect(check('text', { maxLength: 0 })).toEqual([['AttributeValues.maxLength', 'Maximum Length must be between 1 and 2000.']]);
    expect(check('integer', { lessThan: 2147483648 })).toEqual([['AttributeValues.lessThan', 'Less Than must be between -2147483648 and 2147483647.']]);
    expect(check('fileUpload', { maxFileSizeMB: 2048 })).toEqual([['AttributeValues.maxFileSizeMB', 'Maximum File Size (MB) must be between 0.01 and 1024.']]);
  });

  it('refuses a pattern name that does not exist', () => {
    expect(check('text', { pattern: 'zip' })).toEqual([]);
    expect(check('text', { pattern: '^[a-z]+$' })[0]?.[1]).toMatch(/^Pattern: there is no pattern named '\^\[a-z\]\+\$'\. Choose one of: currency, integer, /);
  });

  it('refuses a minimum greater than its maximum, the default maximum included, and bounds that leave no value', () => {
    const minMax = 'Minimum value must be less than maximum value.';
    expect(check('text', { minLength: 10, maxLength: 5 })).toEqual([['AttributeValues.minLength', minMax]]);
    expect(check('text', { minLength: 300 })).toEqual([['AttributeValues.minLength', minMax]]);
    expect(check('selectMany', { lookupListId: 1, minSelections: 3, maxSelections: 2 })).toEqual([['AttributeValues.minSelections', minMax]]);
    expect(check('phoneList', { min: 4, max: 2 })).toEqual([['AttributeValues.min', minMax]]);
    expect(check('integer', { greaterThan: 5, lessThan: 5 })).toEqual([['AttributeValues.greaterThan', minMax]]);
    expect(check('decimal', { greaterThanOrEqualTo: 2, lessThan: 1 })).toEqual([['AttributeValues.greaterThanOrEqualTo', minMax]]);
    expect(check('integer', { greaterThanOrEqualTo: 5, lessThanOrEqualTo: 5 })).toEqual([]);
  });

  it('requires a select\'s lookup list', () => {
    expect(check('selectOne', {})).toEqual([['AttributeValues.lookupListId', 'Lookup List is required.']]);
    expect(check('selectMany', { lookupListId: 0 })).toEqual([['AttributeValues.lookupListId', 'Lookup List must be at least 1.']]);
  });
});
