import { api } from '../../api/api.ts';
import { deleteLocked } from '../../locks/lock-api.ts';
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

/** One widget: read for update (?lock=true) and written under its lock (useLockedRecord). */
export const widgetPath = (id: number) => `/api/widgets/${id}`;
/** One role's home in order: read for arranging (?lock=true) under the lock of that home. */
export const arrangementPath = (roleId: number) => `/api/widgets/arrangement?roleId=${roleId}`;
export const arrangePath = '/api/widgets/arrange';
/** What a widget and a role's home are called in the lock messages. */
export const widgetLabel = 'Widget';
export const arrangementLabel = "Role's home";
/** The lock domain of a role's home (server/modules/widgets/widget-locks.ts); a widget's is its screen's id. */
export const arrangementDomain = 'homeconfiguration-arrangement';

export const widgetsApi = {
  list: () => api.get<ManagedWidget[]>('/api/widgets'),
  choices: () => api.get<Choices>('/api/widgets/choices'),
  fields: (formId: number) => api.get<FormField[]>(`/api/widgets/form-fields?formId=${formId}`),
  arrangement: (roleId: number) => api.get<RoleWidget[]>(arrangementPath(roleId)),
  create: (body: Widget) => api.post<{ WidgetId: number }>('/api/widgets', body),
  /** Deleted under its lock, as a delete screen does: refused with the lock message while someone else edits it. */
  remove: (id: number) => deleteLocked(widgetPath(id), widgetLabel),
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
