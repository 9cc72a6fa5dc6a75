import { api } from '../../../api/api.ts';
import { deleteLocked } from '../../../locks/lock-api.ts';
import { reportApi } from '../report-api.ts';

/** The wire shapes of the builder's calls (server/modules/reports/builder-schemas.ts). */
export type FieldKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'selectOne' | 'selectMany' | 'count';
export type TotalKind = 'sum' | 'avg' | 'count';
export type ChartKind = 'bar' | 'line' | 'pie';
export interface ReportableField { Field: string; Title: string; Kind: FieldKind }
export interface BuilderBody {
  ReportDispName: string; Description: string | null; Category: string; FormId: number;
  Columns: Array<{ Field: string; Title?: string; Total?: TotalKind | null }>;
  Filters: Array<{ Field: string; Title?: string }>;
  GroupBy: string | null;
  Chart: { Kind: ChartKind; Label: string; Values: string[] } | null;
  RoleIds?: number[];
}
export interface BuiltReport extends BuilderBody { ReportId: number; FileName: string; RoleIds: number[] }
export interface FormChoice { FormId: number; Name: string }
export interface RoleChoice { RoleId: number; Name: string }

export const builderListUrl = '/reportmodule/build';
/** The builder of a saved report, or of a new one (no id). */
export const builderUrl = (reportId?: number) => `${builderListUrl}/edit${reportId ? `?reportId=${reportId}` : ''}`;
/** The viewer with a report opened (ReportsPage reads ?reportId=). */
export const runReportUrl = (reportId: number) => `/reportmodule/view?reportId=${reportId}`;

export const builderPath = '/api/reports/builder';
export const builtReportPath = (id: number) => `${builderPath}/${id}`;

/** A built report as the builder's list call answers it. */
export interface BuiltListItem { ReportId: number; ReportDispName: string; Description: string | null; Category: string | null; FormId: number; FormName: string }

export const builderApi = {
  /** The reports built on the forms the user may reach, by name, whether granted to the user or not. */
  builtReports: () => api.get<BuiltListItem[]>(builderPath),
  categories: reportApi.categories,
  fields: (formId: number) => api.get<ReportableField[]>(`${builderPath}/fields?formId=${formId}`),
  /** The forms as the forms screen lists them: active ones only can carry a report. */
  forms: async () => (await api.get<{ Items: Array<FormChoice & { IsActive: boolean }> }>('/api/forms?pageSize=1000&sorts=Name,asc'))
    .Items.filter((f) => f.IsActive).map(({ FormId, Name }) => ({ FormId, Name })),
  roles: async () => (await api.get<{ Items: RoleChoice[] }>('/api/roles?pageSize=1000&sorts=Name,asc')).Items.map(({ RoleId, Name }) => ({ RoleId, Name })),
  create: (body: BuilderBody) => api.post<BuiltReport>(builderPath, body),
  /** Delete under the report's lock and version, as a list's Delete does. */
  remove: (id: number) => deleteLocked(builtReportPath(id), 'Report'),
};
