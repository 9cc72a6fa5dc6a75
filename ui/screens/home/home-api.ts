import { api } from '../../api/api.ts';
import type { ReportChartData, ReportResult } from '../reports/report-api.ts';

/** Spec 3 "Widgets and circles": what a widget (or the list of them) that could not be read shows in its place. */
export const readWidgetsMessage = 'Read Widgets';

/** The wire shapes of /home's calls (server/modules/widgets/home-routes.ts). */
export type WidgetSize = 'small' | 'medium' | 'large';
export interface HomeWidget { WidgetId: number; Kind: string; Title: string; Size: WidgetSize; SortOrder: number }
export interface HomeWidgets { Widgets: HomeWidget[]; Hidden: HomeWidget[] }

/** What each kind's data call answers. */
export interface NumberData { Value: number }
export interface ListData { Items: Array<{ Title: string; Url?: string; Detail?: string }>; Empty: string }
export interface ReportData { Show: 'chart' | 'table'; ReportId: number; Result: ReportResult }
export type ChartData = ReportChartData;
/** A form widget that needs a field hidden from its viewer: it shows this instead. */
export interface UnavailableData { Unavailable: string }

export const homeApi = {
  widgets: () => api.get<HomeWidgets>('/api/home/widgets'),
  data: (id: number, signal?: AbortSignal) => api.get<Record<string, unknown>>(`/api/home/widgets/${id}/data`, signal),
  hide: (id: number) => api.post<void>(`/api/home/widgets/${id}/hide`, {}),
  unhide: (id: number) => api.post<void>(`/api/home/widgets/${id}/unhide`, {}),
};

/** Grid columns (of 12) a widget takes on a wide screen; on a phone every widget takes the whole width. */
export const sizeColumns: Record<WidgetSize, { xs: number; md: number }> = {
  small: { xs: 12, md: 4 }, medium: { xs: 12, md: 6 }, large: { xs: 12, md: 12 },
};
