import { api } from '../../api/api.ts';
import type { Widget } from '../../../metadata/types/Widget.ts';

/** The wire shapes of the widget manager's calls (server/modules/widgets/routes.ts). */
export type WidgetKind = Widget['Kind'];
export type WidgetSize = Widget['Placements'][number]['Size'];
export interface ManagedWidget extends Widget {
  WidgetId: number;
  Placements: Array<{ RoleId: number; RoleName: string; Size: WidgetSize; SortOrder: number }>;
}
export interface RoleWidget { WidgetId: number; RoleId: number; Kind: WidgetKind; Title: string; Size: WidgetSize; SortOrder: number }
export interface Choices { Forms: Array<{ FormId: number; Name: string }>; Reports: Array<{ ReportId: number; Name: string }>; Roles: Array<{ RoleId: number; Name: string }> }
export interface FormField { Field: string; Title: string; Kind: string }

export const widgetsApi = {
  list: () => api.get<ManagedWidget[]>('/api/widgets'),
  choices: () => api.get<Choices>('/api/widgets/choices'),
  fields: (formId: number) => api.get<FormField[]>(`/api/widgets/form-fields?formId=${formId}`),
  arrangement: (roleId: number) => api.get<RoleWidget[]>(`/api/widgets/arrangement?roleId=${roleId}`),
  arrange: (roleId: number, widgetIds: number[]) => api.post<RoleWidget[]>('/api/widgets/arrange', { RoleId: roleId, WidgetIds: widgetIds }),
  create: (body: Widget) => api.post<{ WidgetId: number }>('/api/widgets', body),
  update: (id: number, body: Widget) => api.post<{ WidgetId: number }>(`/api/widgets/${id}`, body),
  remove: (id: number) => api.delete<void>(`/api/widgets/${id}`),
};

export const widgetListUrl = '/HomeConfigurationManager';
export const widgetEditUrl = (id?: number) => `/HomeConfigurationManager/Create${id ? `?widgetId=${id}` : ''}`;

/** What each kind is called on the screens. */
export const kindLabels: Record<WidgetKind, string> = {
  number: 'Number (count or sum)', chart: 'Chart of a form', report: 'Report', favourites: 'Favourite reports',
  recent: 'Recently changed records', sessions: 'Active sessions', bulletins: 'Bulletins', links: 'Quick links',
};

/** Spec 3 "Widgets and circles": what a failed reorder shows. */
export const reorderMessage = 'Reorder';
