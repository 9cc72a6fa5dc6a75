import { apiPath, lowCodeApi, type SimpleLookupItem } from '../../../engine/core/lowcode/api.ts';
import { api } from '../../api/api.ts';

/** A Form or List selector's choice. */
export interface Choice { Id: number; Name: string }

/** The Simple Lookups calls (spec 2 section 7, "Simple lookup"), by the paths of the wire contract. */
export const simpleLookupApi = {
  forms: (signal?: AbortSignal) => api.get<Choice[]>(lowCodeApi.simpleLookupForms, signal),
  lists: (formId: number, signal?: AbortSignal) => api.get<Choice[]>(apiPath(lowCodeApi.simpleLookupLists, { formId }), signal),
  items: (tableId: number, signal?: AbortSignal) => api.get<SimpleLookupItem[]>(apiPath(lowCodeApi.simpleLookupItems, { tableId }), signal),
  item: (tableId: number, id: number) => api.get<SimpleLookupItem>(apiPath(lowCodeApi.simpleLookupItem, { tableId, id })),
  create: (tableId: number, values: Record<string, unknown>) => api.post<SimpleLookupItem>(apiPath(lowCodeApi.simpleLookupItems, { tableId }), values),
  update: (tableId: number, id: number, values: Record<string, unknown>) => api.post<SimpleLookupItem>(apiPath(lowCodeApi.simpleLookupItem, { tableId, id }), values),
  remove: (tableId: number, id: number) => api.delete<void>(apiPath(lowCodeApi.simpleLookupItem, { tableId, id })),
  reorder: (tableId: number, ItemIds: number[]) => api.post<SimpleLookupItem[]>(apiPath(lowCodeApi.simpleLookupReorder, { tableId }), { ItemIds }),
};
