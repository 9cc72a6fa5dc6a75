import { api } from '../../api/api.ts';
import type { Page } from '../../../metadata/types/Page.ts';
import type { PageField } from '../../../metadata/types/PageField.ts';

/** The calls of the page screens: one place, so a screen never spells a path itself. */
export const pageApi = {
  page: (pageId: number) => api.get<Page>(`/api/pages/${pageId}`),
  fields: (pageId: number) => api.get<PageField[]>(`/api/pages/${pageId}/fields`),
};

/** Where a page field is edited, as the spec words it: /pageField/update/{id}?pageId={pageId}. */
export const pageFieldUpdatePath = (fieldId: number, pageId: number) => `/pageField/update/${fieldId}?pageId=${pageId}`;
export const pageFieldCreatePath = (pageId: number) => `/pageField/create?pageId=${pageId}`;
