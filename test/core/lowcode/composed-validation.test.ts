import { describe, expect, it } from 'vitest';
import { composeFormSchema, composeUiSchema } from '../../../engine/core/forms/index.ts';
import { composeStoredForm, type StoredField } from '../../../engine/core/lowcode/index.ts';
import { validateValues } from '../../../engine/react/form/validate.ts';
import { bodyValidator } from '../../../server/lib/crud/body-validator.ts';
import { field, incidentForm, today, udf } from './fixtures.ts';

const fields: StoredField[] = [
  field({ Name: 'Title', FieldType: 'text', AttributeValues: { required: true, maxLength: 20 } }),
  field({ Name: 'Tags', FieldType: 'selectMany', AttributeValues: { lookupListId: 3, maxSelections: 2 } }),
  field({ Name: 'Areas', FieldType: 'selectMany', AttributeValues: { lookupListId: 4, required: true, minSelections: 2 } }),
  field({ Name: 'Phones', FieldType: 'phoneList', AttributeValues: { max: 1 } }),
  field({ Name: 'Attachments', FieldType: 'fileUpload', AttributeValues: { maxUploads: 1 } }),
  udf({ Name: 'Others', ReportLabelText: 'Other Names', FieldType: 'specifyOther', AttributeValues: { max: 1 } }),
];
const { screen, entity } = composeStoredForm(incidentForm, fields, today);
const form = screen.form!;

const phone = (IsPrimary: boolean) => ({ IsPrimary, PhoneNumberType: { Id: 1, Name: 'Work' }, CountryCode: '1', PhoneNumber: '5551234567', Extension: null });
const file = (FileName: string) => ({ Name: FileName, Description: '', FileName, UserFileName: FileName, IsActive: true });
const bad = {
  Title: 'x'.repeat(21),
  Tags: [1, 2, 3],
  Areas: [5],
  Phones: [phone(true), phone(false)],
  Attachments: [file('a.pdf'), file('b.pdf')],
  Others: [{ Id: 0, IsActive: true, Name: 'A' }, { Id: 0, IsActive: true, Name: 'B' }],
};

/** The browser's check of the create form, as the generic form screen runs it. */
function browserErrors(values: Record<string, unknown>) {
  const names = form.fields.create ?? form.fields.update;
  return validateValues(composeFormSchema(entity, names, 'create'), composeUiSchema(form, names, false), values)
    .map((e) => [e.PropertyName, e.ErrorMessage]);
}

/** The server's check of a create body, as the generic CRUD runs it. */
function serverErrors(values: Record<string, unknown>) {
  return bodyValidator(entity, form, 'create')(values).errors.map((e) => [e.PropertyName, e.ErrorMessage]);
}

describe('a composed form is checked like a shipped one', () => {
  it('refuses an empty required select-many once, in the catalogue\'s words', () => {
    expect(browserErrors({ Title: 'Spill', Areas: [] }).filter(([p]) => p === 'Areas')).toEqual([['Areas', 'Areas is required.']]);
    expect(serverErrors({ Title: 'Spill', Areas: [] }).filter(([p]) => p === 'Areas')).toEqual([['Areas', 'Areas is required.']]);
  });

  it('accepts a good record in the browser and on the server', () => {
    const good = { Title: 'Spill', Tags: [1], Areas: [5, 6], Phones: [phone(true)], Attachments: [file('a.pdf')], Others: [{ Id: 0, IsActive: true, Name: 'A' }] };
    expect(browserErrors(good)).toEqual([]);
    expect(serverErrors(good)).toEqual([]);
  });

  it('refuses a bad one with the same messages on both sides, the widgets\' own rules included', () => {
    const errors = browserErrors(bad);
    expect(errors).toHaveLength(6);
    expect(errors).toEqual(expect.arrayContaining([
      ['Title', 'Must be no more than 20 character(s) long.'],
      ['Tags', 'You have exceeded the maxiumum number of sections.'],
      ['Areas', 'Must select at least 2 item(s).'],
      ['Phones', 'You have exceeded the maxium number of permitted additonal items.'],
      ['Attachments', 'You have exceeded the maxiumum number of file uploads.'],
      ['Others', 'You have exceeded the maxim number of permitted Other fields.'],
    ]));
    expect(serverErrors(bad)).toEqual(errors);
  });
});
