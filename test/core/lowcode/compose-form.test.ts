import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../engine/core/ajv.ts';
import { ajvErrorsToItems } from '../../../engine/core/error-items.ts';
import {
  composeStoredForm, fieldIdentifier, formNaming, identifierFault, isFieldShown, UDF_KEYWORD, type StoredField,
} from '../../../engine/core/lowcode/index.ts';
import { screenDocumentFaults } from '../../../engine/core/screen-document.ts';
import { formFaults } from '../../../server/metadata/form-faults.ts';
import type { EntitySchema } from '../../../server/metadata/registry.ts';
import { field, incidentForm, today, udf, yesterday } from './fixtures.ts';

/** The Incident Report, its rows in no particular order. */
const incidentFields: StoredField[] = [
  udf({ Name: 'Witness Name', ReportLabelText: '', FieldType: 'text', SortOrder: 1 }),
  field({ Name: 'Estimated Cost', FieldType: 'currency', SortOrder: 4 }),
  field({ Name: 'Retired Notes', FieldType: 'textArea', SortOrder: 0, IsActive: false }),
  field({ Name: 'Title', FieldType: 'text', SortOrder: 1, AttributeValues: { required: true, maxLength: 100 } }),
  udf({ Name: 'Old Code', FieldType: 'text', SortOrder: 0, StartDate: '2026-01-01', EndDate: yesterday }),
  field({ Name: 'incident date', ReportLabelText: 'Incident Date', FieldType: 'date', SortOrder: 3 }),
  field({ Name: 'Category', FieldType: 'selectOne', SortOrder: 2, AttributeValues: { required: true, lookupListId: 7 } }),
];

describe('composing the Incident Report', () => {
  const { screen, entity } = composeStoredForm(incidentForm, incidentFields, today);

  it('shows the active fields, ordinary ones first, each in SortOrder, leaving out the inactive field and the ended UDF', () => {
    expect(screen.form?.fields).toEqual({
      create: ['Title', 'Category', 'IncidentDate', 'EstimatedCost', 'WitnessName'],
      update: ['Title', 'Category', 'IncidentDate', 'EstimatedCost', 'WitnessName', 'IsActive'],
    });
    expect(Object.keys(entity.properties ?? {})).toEqual([
      'RecordId', 'Title', 'Category', 'IncidentDate', 'EstimatedCost', 'WitnessName',
      'IsActive', 'CreatedDate', 'CreatedBy', 'ModifiedDate', 'ModifiedBy', 'DeactivatedDate', 'DeactivatedBy',
    ]);
    expect(entity.required).toEqual(['Title', 'Category']);
  });

  it('is a valid screen document whose form the server accepts against its entity', () => {
    expect(screenDocumentFaults(screen)).toEqual([]);
    expect(formFaults(screen, entity as EntitySchema)).toEqual([]);
  });

  it('takes its names and routes from the form', () => {
    expect(screen).toMatchObject({
      id: 'form-12', title: 'Incident Report', description: 'Incidents staff report.', module: 'Form12', entity: 'Form12',
      api: '/api/forms/12/records', idField: 'RecordId',
      routes: { list: '/incident-report', create: '/incident-report/create', update: '/incident-report/update/:id', delete: '/incident-report/delete/:id' },
    });
    expect(entity).toMatchObject({ $id: 'Form12', title: 'Incident Report', type: 'object', additionalProperties: false });
    expect(screen.form).toMatchObject({
      entityLabel: 'Incident Report', recordInfo: true,
      buttonSets: { create: 'Create', update: 'UpdateDeleteDeactivate', delete: 'Delete' },
    });
  });

  it('lists the sortable and searchable fields and the selects (sorted and searched by their item names), labelled, first by the first stored sortable one; a UDF sorts and searches as its type does', () => {
    expect(screen.list?.columns).toEqual([
      { field: 'Title', label: 'Title', sortable: true, searchable: true },
      { field: 'Category', label: 'Category', sortable: true, searchable: true },
      { field: 'IncidentDate', label: 'Incident Date', sortable: true, format: 'date' },
      { field: 'EstimatedCost', label: 'Estimated Cost', sortable: true, format: 'currency' },
      { field: 'WitnessName', label: 'Witness Name', sortable: true, searchable: true, hidden: true },
    ]);
    expect(screen.list).toMatchObject({ defaultSort: [{ field: 'Title', dir: 'asc' }], searchable: true, inactiveToggle: true, rowClick: 'update' });
  });

  it('marks the UDF, which the server keeps in the record\'s jsonb column, and labels it by its name when it has no label', () => {
    expect(entity.properties?.WitnessName).toMatchObject({ title: 'Witness Name', [UDF_KEYWORD]: true, 'x-columnType': 'text' });
    expect(entity.properties?.Title[UDF_KEYWORD]).toBeUndefined();
    expect(screen.form?.uiSchema?.Category).toEqual({ 'ui:widget': 'select', 'ui:options': { source: 'simple-lookup-7' } });
  });

  it('validates a record in the specification\'s words', () => {
    const validate = createAjv().compile(entity);
    expect(validate({ Title: 'Spill', Category: 2, IncidentDate: '2026-11-20', EstimatedCost: 10.5, WitnessName: 'Ann' })).toBe(true);
    expect(validate({ Title: ' ', Category: -1, EstimatedCost: 1.005 })).toBe(false);
    expect(ajvErrorsToItems(validate.errors, entity).map((e) => [e.PropertyName, e.ErrorMessage])).toEqual([
      ['Title', 'Title is required.'],
      ['Category', 'Category is required.'],
      ['EstimatedCost', 'Must have 2 or fewer digits to the right of the decimal.'],
    ]);
    expect(validate({ Title: 'Spill', Category: 2, OldCode: 'x' })).toBe(false);
  });

  it('has no create route when no field is shown, and is still a valid document', () => {
    const empty = composeStoredForm({ ...incidentForm, Description: null }, [incidentFields[2]], today);
    expect(empty.screen.routes).toEqual({ list: '/incident-report', update: '/incident-report/update/:id', delete: '/incident-report/delete/:id' });
    expect(empty.screen.list?.columns).toEqual([{ field: 'RecordId', label: 'Id', sortable: true }]);
    expect(empty.screen.description).toBeUndefined();
    expect(screenDocumentFaults(empty.screen)).toEqual([]);
    expect(formFaults(empty.screen, empty.entity as EntitySchema)).toEqual([]);
  });

  it('shows only the first four list columns at first', () => {
    const many = ['A', 'B', 'C', 'D', 'E'].map((Name, i) => field({ Name, FieldType: 'text', SortOrder: i }));
    const columns = composeStoredForm(incidentForm, many, today).screen.list?.columns ?? [];
    expect(columns.map((c) => c.hidden ?? false)).toEqual([false, false, false, false, true]);
  });
});

describe('a UDF\'s active range', () => {
  const range = (StartDate: string | null, EndDate: string | null) => udf({ Name: 'U', FieldType: 'text', StartDate, EndDate });

  it('includes both ends', () => {
    expect(isFieldShown(range(today, today), today)).toBe(true);
    expect(isFieldShown(range('2026-01-01', null), today)).toBe(true);
    expect(isFieldShown(range('2026-01-01T00:00:00Z', '2026-11-24T00:00:00Z'), today)).toBe(true);
  });

  it('leaves out a UDF that has not started, has ended, has no start or is inactive', () => {
    expect(isFieldShown(range('2026-11-25', null), today)).toBe(false);
    expect(isFieldShown(range('2026-01-01', yesterday), today)).toBe(false);
    expect(isFieldShown(range(null, null), today)).toBe(false);
    expect(isFieldShown({ ...range(today, null), IsActive: false }, today)).toBe(false);
  });
});

describe('names', () => {
  it('normalises a field name to a PascalCase identifier', () => {
    expect(fieldIdentifier('incident date')).toBe('IncidentDate');
    expect(fieldIdentifier('first_name')).toBe('FirstName');
    expect(fieldIdentifier('  Zip-code 2 ')).toBe('ZipCode2');
    expect(fieldIdentifier('firstName')).toBe('FirstName');
  });

  it('refuses names that make no identifier, start with a digit, are reserved, too long, or not A-Z', () => {
    expect(fieldIdentifier('2nd phone')).toBeNull();
    expect(identifierFault('2nd phone')).toBe("'2nd phone' cannot start with a digit.");
    expect(identifierFault('---')).toBe("'---' has no letters or digits to make a field name of.");
    expect(identifierFault('created date')).toBe("'created date' is reserved: every record has a field CreatedDate.");
    expect(identifierFault('is active')).toBe("'is active' is reserved: every record has a field IsActive.");
    expect(identifierFault('RecordId')).toBe("'RecordId' is reserved: every record has a field RecordId.");
    expect(identifierFault('Café')).toBe("'Café' may use only the letters A-Z, digits and separators such as spaces.");
    expect(identifierFault('x'.repeat(64))).toMatch(/is too long for a field name \(at most 63/);
    expect(identifierFault('x'.repeat(63))).toBeNull();
  });

  it('derives a form\'s routes from its name and its module from its id', () => {
    expect(formNaming({ FormId: 3, Name: 'Résumé Intake (2026)' }).routes.list).toBe('/resume-intake-2026');
    expect(formNaming({ FormId: 3, Name: '!!!' })).toEqual({
      slug: 'form-3', screenId: 'form-3', module: 'Form3', entity: 'Form3', api: '/api/forms/3/records',
      routes: { list: '/form-3', create: '/form-3/create', update: '/form-3/update/:id', delete: '/form-3/delete/:id' },
    });
  });
});
