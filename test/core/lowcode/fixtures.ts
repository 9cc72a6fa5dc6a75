import type { StoredField, StoredForm } from '../../../engine/core/lowcode/index.ts';

export const today = '2026-11-24';
export const yesterday = '2026-11-23';

export const incidentForm: StoredForm = { FormId: 12, Name: 'Incident Report', Description: 'Incidents staff report.', CanHaveEav: true, IsActive: true };

let nextId = 100;
/** A stored field with the usual defaults: active, ordinary, labelled by its name. */
export function field(extra: Partial<StoredField> & Pick<StoredField, 'Name' | 'FieldType'>): StoredField {
  nextId += 1;
  return {
    FormFieldId: nextId,
    ReportLabelText: extra.Name,
    IsUdf: false,
    IsActive: true,
    StartDate: null,
    EndDate: null,
    SortOrder: nextId,
    AttributeValues: {},
    ...extra,
  };
}

/** A UDF active from `start`, with its label. */
export function udf(extra: Partial<StoredField> & Pick<StoredField, 'Name' | 'FieldType'>): StoredField {
  return field({ IsUdf: true, StartDate: today, ...extra });
}
