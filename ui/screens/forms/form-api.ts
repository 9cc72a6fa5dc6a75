import {
  apiPath, lowCodeApi, type AttributeDefinition, type FieldTypeOption, type FormFieldInput, type FormFieldRecord,
  type FormRevision, type TypeChangePreview,
} from '../../../engine/core/lowcode/api.ts';
import { api } from '../../api/api.ts';

/** The form record as GET /api/forms/:id answers it (the parts these screens use). */
export interface FormRecord {
  FormId: number;
  Name: string;
  Description?: string | null;
  CanHaveEav: boolean;
  IsActive: boolean;
  IsReserved?: boolean;
}

export interface IdName { Id: number; Name: string }

/**
 * The calls of the Form Management screens, typed by the wire contract (engine/core/lowcode/api.ts).
 * One place, so a screen never spells a path itself.
 */
export const formApi = {
  form: (formId: number) => api.get<FormRecord>(`${lowCodeApi.forms}/${formId}`),
  /** Active forms: the first page of the most a list page holds (1000; lists are never read whole). */
  activeForms: () => api.get<{ Items: FormRecord[] }>(`${lowCodeApi.forms}?pageSize=1000&sorts=Name,asc`),
  fields: (formId: number, udfs: boolean) => api.get<FormFieldRecord[]>(apiPath(udfs ? lowCodeApi.formUdfs : lowCodeApi.formFields, { id: formId })),
  /** The new order of one list: all its ids. UDFs have their own call. */
  reorder: (formId: number, udfs: boolean, FormFieldIds: number[]) =>
    api.post<unknown>(apiPath(udfs ? lowCodeApi.reorderUdfs : lowCodeApi.reorderFields, { id: formId }), { FormFieldIds }),
  revisions: (formId: number) => api.get<FormRevision[]>(apiPath(lowCodeApi.formRevisions, { id: formId })),
  field: (fieldId: number) => api.get<FormFieldRecord>(`${lowCodeApi.formField}/${fieldId}`),
  createField: (input: FormFieldInput) => api.post<FormFieldRecord>(lowCodeApi.formField, input),
  updateField: (fieldId: number, input: FormFieldInput) => api.post<FormFieldRecord>(`${lowCodeApi.formField}/${fieldId}`, input),
  deleteField: (fieldId: number) => api.delete<void>(`${lowCodeApi.formField}/${fieldId}`),
  fieldTypes: (udf: boolean) => api.get<FieldTypeOption[]>(`${lowCodeApi.fieldTypes}${udf ? '?isUdf=true' : ''}`),
  typeAttributes: (type: string) => api.get<AttributeDefinition[]>(apiPath(lowCodeApi.fieldTypeAttributes, { type })),
  lookupLists: () => api.get<IdName[]>(lowCodeApi.lookupTablesAll),
  /** The dry run of saving `input` over the stored field: a POST that changes nothing. */
  typeChangePreview: (fieldId: number, input: FormFieldInput) =>
    api.post<TypeChangePreview>(apiPath(lowCodeApi.typeChangePreview, { id: fieldId }), input),
};
