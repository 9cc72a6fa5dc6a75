import { describe, expect, it } from 'vitest';
import type { AttributeDefinition, FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import { fieldTypes } from '../../../engine/core/lowcode/field-types.ts';
import {
  attributeInputValue, changeName, changeType, copyOf, editorFaults, editorPropertyName, emptyValues, setUdf, toInput, todayIso,
} from '../../../ui/screens/forms/field-editor-state.ts';

const today = '2026-11-25';
const stored: FormFieldRecord = {
  FormFieldId: 7, FormId: 3, Name: 'Plate', StoredName: 'Plate', ReportLabelText: 'Plate', FieldType: 'text', IsUdf: false, IsActive: true,
  IsReserved: false, StartDate: null, EndDate: null, SortOrder: 1, AttributeValues: { required: true, maxLength: 20 },
};

describe('the field editor rules (spec 2 "Form field: UDF toggle")', () => {
  it('lets the report label follow the name while it still equals the old name, and not once it was edited', () => {
    let v = emptyValues(false, today);
    v = changeName(v, 'P');
    v = changeName(v, 'Plate');
    expect(v.ReportLabelText).toBe('Plate');
    v = { ...v, ReportLabelText: 'Licence plate' };
    expect(changeName(v, 'Plate Number').ReportLabelText).toBe('Licence plate');
  });

  it('gives a UDF an empty start date today, keeps a start date it has, and requires a label only of an ordinary field', () => {
    const off = emptyValues(false, today);
    expect(off.StartDate).toBe('');
    const on = setUdf({ ...off, Name: 'Colour' }, true, today);
    expect(on.StartDate).toBe(today);
    expect(setUdf({ ...off, StartDate: '2026-01-01' }, true, today).StartDate).toBe('2026-01-01');
    const faults = (v: typeof off) => editorFaults({ ...v, FieldType: 'yesNo' }, 'Yes/No', fieldTypes.yesNo.attributes).map((f) => f.PropertyName);
    expect(faults({ ...off, Name: 'Colour' })).toEqual(['ReportLabelText']);
    expect(faults(on)).toEqual([]);
    expect(faults({ ...on, StartDate: '' })).toEqual(['StartDate']);
    expect(faults({ ...on, EndDate: '2026-11-01' })).toEqual(['EndDate']);
  });

  it('sends no active range for an ordinary field, the attributes that are set, and null for each one cleared (the server keeps one left out)', () => {
    const v = { ...setUdf(emptyValues(false, today), true, today), IsUdf: false, Name: ' Plate ', ReportLabelText: 'Plate', FieldType: 'text', AttributeValues: { required: true, minLength: null, pattern: '' } };
    expect(toInput(3, v)).toEqual({
      FormId: 3, Name: 'Plate', ReportLabelText: 'Plate', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null,
      AttributeValues: { required: true, minLength: null, pattern: null },
    });
  });

  it("copies a field with ' Copy' after its name, its label following when it was the name", () => {
    const copy = copyOf(stored, false, today);
    expect(copy).toMatchObject({ Name: 'Plate Copy', ReportLabelText: 'Plate Copy', FieldType: 'text', AttributeValues: { required: true, maxLength: 20 } });
    expect(copyOf({ ...stored, ReportLabelText: 'Licence' }, false, today).ReportLabelText).toBe('Licence');
  });

  it("keeps the attributes a new type shares with the old one and drops the others", () => {
    const v = { ...emptyValues(false, today), FieldType: 'text', AttributeValues: { required: true, maxLength: 20 } };
    expect(changeType(v, 'integer', fieldTypes.integer.attributes).AttributeValues).toEqual({ required: true });
  });

  it('checks attribute values with the words the server uses, a number typed wrongly included', () => {
    const maxLength = fieldTypes.text.attributes.find((a) => a.name === 'maxLength')!;
    const typed = attributeInputValue(maxLength, '12x');
    expect(typed).toBe('12x');
    expect(attributeInputValue(maxLength, '')).toBeNull();
    expect(attributeInputValue(maxLength, '40')).toBe(40);
    const v = { ...emptyValues(false, today), Name: 'Plate', ReportLabelText: 'Plate', FieldType: 'text' };
    const faults = (values: Record<string, unknown>) => editorFaults({ ...v, AttributeValues: values }, 'Text', fieldTypes.text.attributes);
    expect(faults({ maxLength: typed })).toEqual([{ PropertyName: 'AttributeValues.maxLength', ErrorMessage: 'Maximum Length must be a whole number.', ErrorCode: 'attributeValue' }]);
    expect(faults({ maxLength: 5000 })[0].ErrorMessage).toBe('Maximum Length must be between 1 and 2000.');
    const list: AttributeDefinition = { name: 'extensions', label: 'Allowed Extensions', type: 'extensionList', mapsTo: 'x' };
    expect(attributeInputValue(list, '.pdf, docx ,')).toEqual(['.pdf', 'docx']);
  });

  it('checks the name as the server does, and reads a composed PropertyName as the input it is about', () => {
    const v = { ...emptyValues(false, today), ReportLabelText: 'x', FieldType: 'date' };
    expect(editorFaults({ ...v, Name: 'IsActive' }, 'Date', []).map((f) => f.ErrorMessage)).toEqual(["'IsActive' is reserved: every record has a field IsActive."]);
    expect(editorFaults({ ...v, Name: '' }, 'Date', []).map((f) => f.ErrorMessage)).toEqual(['Name is required.']);
    expect(editorPropertyName('Fields.2.AttributeValues.maxLength')).toBe('AttributeValues.maxLength');
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
