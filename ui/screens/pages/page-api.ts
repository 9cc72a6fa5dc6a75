import { api } from '../../api/api.ts';
import type { Page } from '../../../metadata/types/Page.ts';
import type { PageField } from '../../../metadata/types/PageField.ts';
import { apiPath, lowCodeApi, type AttributeDefinition, type FieldTypeOption } from '../../../engine/core/lowcode/api.ts';
import type { FieldTypeCalls } from '../forms/useFieldTypeData.ts';
import type { IdName } from '../forms/form-api.ts';

/** The calls of the page screens: one place, so a screen never spells a path itself. */
export const pageApi = {
  page: (pageId: number) => api.get<Page>(`/api/pages/${pageId}`),
  fields: (pageId: number) => api.get<PageField[]>(`/api/pages/${pageId}/fields`),
};

/** Where a page field is edited, as the spec words it: /pageField/update/{id}?pageId={pageId}. */
export const pageFieldUpdatePath = (fieldId: number, pageId: number) => `/pageField/update/${fieldId}?pageId=${pageId}`;
export const pageFieldCreatePath = (pageId: number) => `/pageField/create?pageId=${pageId}`;

/** The field type calls of module PageField: the same catalogue as the form field editor's, for page fields. */
export const pageFieldCalls: FieldTypeCalls = {
  name: 'pagefields',
  fieldTypes: () => api.get<FieldTypeOption[]>(lowCodeApi.pageFieldTypes),
  typeAttributes: (type: string) => api.get<AttributeDefinition[]>(apiPath(lowCodeApi.pageFieldTypeAttributes, { type })),
  lookupLists: () => api.get<IdName[]>(lowCodeApi.pageFieldLookupLists),
};
