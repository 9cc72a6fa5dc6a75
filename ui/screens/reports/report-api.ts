import { api } from '../../api/api.ts';

/** The wire shapes of the reports calls (issue 31; the specification's PascalCase names, server/modules/reports/schemas.ts). */
export interface ReportCategory { CategoryId: number; Title: string; DisplayOrder: number }
export interface Report {
  ReportId: number; ReportDispName: string; Description: string | null; DisplayOrder: number; CategoryId: number;
  ReportCategoryId: number; FileName: string; IsFavorite: boolean; UserFavoriteReportId: number | null;
  ShowHelpText: boolean; HelpText: string | null;
}
export interface ReportParameter {
  ParameterId: number; Param: string; Title: string; ControlType: number; DefaultValue: string | null; DisplayOrder: number;
  ParentIds: string | null; IsAllAllowed: boolean; AllOptionValue: string | null; ShowFilter: boolean;
  ShowHelpText: boolean; HelpText: string | null; Value: string | null;
}
export interface ParameterOption { Key: string; Value: string }
export interface FavouriteParam { Name: string; Value: string | null; ControlType: number; ParameterId: number; ValueId: string | null }
/** A favourite's parameter as the save call takes it (camelCase, as the spec's save call names them). */
export interface SavedParam { name: string; value: string | null; controlType: number; parameterId: number; valueId: string | null }
export interface Favourite { UserFavoriteReportId: number; Name: string; Params: FavouriteParam[] }

export type ParamValue = string | string[] | null;
export type ReportParams = Record<string, ParamValue>;
export interface Sort { Field: string; Dir: 'asc' | 'desc' }
export interface ReportColumn { Name: string; Title: string; Type: 'string' | 'number' | 'date' | 'datetime' | 'boolean'; Total?: 'sum' | 'count' | 'avg' }
export interface ReportChartData { Kind: 'bar' | 'line' | 'pie'; Title: string; Labels: string[]; Series: Array<{ Name: string; Title: string; Values: number[] }> }
export interface ReportResult {
  Columns: ReportColumn[];
  Rows: Array<Record<string, unknown>>;
  Total: number;
  Totals: Record<string, number>;
  Groups?: Array<{ Key: string; Totals: Record<string, number> }>;
  Chart?: ReportChartData;
}
/** What a run is asked: the report by id, or (a report card) by its file name. */
export interface RunRequest { ReportId?: number; FileName?: string; Params: ReportParams; Page: number; PageSize: number; Sorts?: Sort[]; Summary?: boolean }

/** The control types of spec 3's constants. */
export const ControlType = { TextBox: 0, TextArea: 1, RichText: 2, DatePicker: 3, DateRange: 4, SelectOne: 5, SelectMany: 6 } as const;

const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();

/** The calls of the reports screen (server/modules/reports/routes.ts and favorite-routes.ts). */
export const reportApi = {
  categories: () => api.get<ReportCategory[]>('/api/reports/categories'),
  reports: () => api.get<Report[]>('/api/reports'),
  parameters: (reportId: number) => api.get<ReportParameter[]>(`/api/reports/parameters?${query({ reportCategoryId: reportId })}`),
  parameterValues: (parameterId: number, search = '') =>
    api.get<ParameterOption[]>(`/api/reports/parameter-values?${query({ parameterId, value: search })}`),
  dependentValues: (parent: ReportParameter, child: ReportParameter, parentValues: string[]) =>
    api.get<ParameterOption[]>(`/api/reports/dependent-values?${query({
      filterId: parent.ParameterId, childId: child.ParameterId, paramName: child.Param, parentId: parentValues.join('|'),
    })}`),
  favourites: (reportId: number) => api.get<Favourite[]>(`/api/reports/favorites?${query({ reportId })}`),
  saveFavourite: (reportId: number, name: string, params: SavedParam[]) =>
    api.post<{ UserFavoriteReportId: number }>('/api/reports/favorites', { reportId, name, params }),
  deleteFavourite: (id: number) => api.delete<void>(`/api/reports/favorites/${id}`),
  run: (request: RunRequest, signal?: AbortSignal) => api.post<ReportResult>('/api/reports/run', request, { signal }),
};
