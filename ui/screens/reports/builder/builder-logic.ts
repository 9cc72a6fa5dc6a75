import type { ErrorItem } from '../../../../engine/core/error-items.ts';
import type { BuilderBody, BuiltReport, ChartKind, FieldKind, ReportableField, TotalKind } from './builder-api.ts';

/** One field of the form in the builder: shown as a column (titled, totalled) and/or offered as a filter. */
export interface FieldRow { Field: string; Kind: FieldKind; FormTitle: string; column: boolean; title: string; total: TotalKind | ''; filter: boolean }

export interface Draft {
  name: string; category: string; description: string; formId: number | null;
  rows: FieldRow[]; groupBy: string; chartKind: ChartKind | ''; chartLabel: string; chartValues: string[]; roleIds: number[];
}

export const emptyDraft = (): Draft => ({ name: '', category: '', description: '', formId: null, rows: [], groupBy: '', chartKind: '', chartLabel: '', chartValues: [], roleIds: [] });

const isNumeric = (kind: FieldKind) => kind === 'number' || kind === 'count';

/** Sum and average only of numbers (the server's rule); anything can be counted. */
export const totalsFor = (kind: FieldKind): TotalKind[] => (isNumeric(kind) ? ['sum', 'avg', 'count'] : ['count']);

/** A new report: every field offered, none chosen yet, titles as the form has them. */
export const rowsOf = (fields: ReportableField[]): FieldRow[] =>
  fields.map((f) => ({ Field: f.Field, Kind: f.Kind, FormTitle: f.Title, column: false, title: f.Title, total: '', filter: false }));

/** A saved report over its form's fields now: its columns first, in its order, then the rest of the form's fields. */
export function draftOf(report: BuiltReport, fields: ReportableField[]): Draft {
  const rows = rowsOf(fields);
  const byField = new Map(rows.map((r) => [r.Field, r]));
  const chosen: FieldRow[] = [];
  for (const c of report.Columns) {
    const row = byField.get(c.Field);
    if (!row) continue;
    Object.assign(row, { column: true, title: c.Title || row.FormTitle, total: c.Total ?? '' });
    chosen.push(row);
  }
  for (const f of report.Filters) {
    const row = byField.get(f.Field);
    if (row) row.filter = true;
  }
  return {
    name: report.ReportDispName, category: report.Category, description: report.Description ?? '', formId: report.FormId,
    rows: [...chosen, ...rows.filter((r) => !chosen.includes(r))], groupBy: report.GroupBy ?? '',
    chartKind: report.Chart?.Kind ?? '', chartLabel: report.Chart?.Label ?? '', chartValues: report.Chart?.Values ?? [], roleIds: report.RoleIds ?? [],
  };
}

export const columnsOf = (draft: Draft) => draft.rows.filter((r) => r.column);
/** The chart's values: number columns, Records among them as a count. */
export const valueColumnsOf = (draft: Draft) => columnsOf(draft).filter((r) => isNumeric(r.Kind));

/** A row changed: a total it may no longer have, a grouping or chart part on a column no longer chosen, are let go. */
export function changeRow(draft: Draft, field: string, change: Partial<FieldRow>): Draft {
  const rows = draft.rows.map((r) => (r.Field === field ? { ...r, ...change } : r));
  const next = { ...draft, rows };
  const columns = new Set(columnsOf(next).map((r) => r.Field));
  const values = new Set(valueColumnsOf(next).map((r) => r.Field));
  return {
    ...next,
    groupBy: columns.has(draft.groupBy) ? draft.groupBy : '',
    chartLabel: columns.has(draft.chartLabel) ? draft.chartLabel : '',
    chartValues: draft.chartValues.filter((v) => values.has(v)),
  };
}

/** The builder's call body; RoleIds only when the user may grant (module Role), else roles stay as they are. */
export function bodyOf(draft: Draft, mayGrant: boolean): BuilderBody {
  const columns = columnsOf(draft);
  return {
    ReportDispName: draft.name.trim(), Category: draft.category.trim(), Description: draft.description.trim() || null, FormId: draft.formId ?? 0,
    Columns: columns.map((r) => ({ Field: r.Field, ...(r.title.trim() && r.title.trim() !== r.FormTitle ? { Title: r.title.trim() } : {}), ...(r.total ? { Total: r.total } : {}) })),
    Filters: draft.rows.filter((r) => r.filter).map((r) => ({ Field: r.Field })),
    GroupBy: draft.groupBy || null,
    Chart: draft.chartKind ? { Kind: draft.chartKind, Label: draft.chartLabel, Values: draft.chartValues } : null,
    ...(mayGrant ? { RoleIds: draft.roleIds } : {}),
  };
}

export interface PlacedErrors {
  /** By a control of the form: ReportDispName, Category, FormId, GroupBy, Chart/Label, Chart/Values, RoleIds, Columns. */
  general: Map<string, string>;
  /** By field row, then by its part (Field, Title, Total, Filter). */
  rows: Map<string, Map<string, string>>;
  /** Errors with no place on the form. */
  unplaced: string[];
}

const generalPlaces = new Set(['ReportDispName', 'Category', 'Description', 'FormId', 'GroupBy', 'Chart/Label', 'Chart/Values', 'Chart', 'RoleIds', 'Columns', 'Filters']);

/** The server's field errors where they belong: 'Columns/1/Total' at the second chosen column's Total, 'Filters/0/Field' at its filter. */
export function placeErrors(draft: Draft, items: ErrorItem[]): PlacedErrors {
  const placed: PlacedErrors = { general: new Map(), rows: new Map(), unplaced: [] };
  const lists = { Columns: columnsOf(draft), Filters: draft.rows.filter((r) => r.filter) };
  for (const item of items) {
    const at = item.PropertyName ?? '';
    const [list, index, part] = at.split('/');
    const row = (list === 'Columns' || list === 'Filters') && index !== undefined ? lists[list][Number(index)] : undefined;
    if (row) {
      const parts = placed.rows.get(row.Field) ?? new Map<string, string>();
      parts.set(list === 'Filters' ? 'Filter' : part === 'Field' ? 'Column' : (part ?? 'Column'), item.ErrorMessage);
      placed.rows.set(row.Field, parts);
    } else if (generalPlaces.has(at)) {
      placed.general.set(at, item.ErrorMessage);
    } else {
      placed.unplaced.push(item.ErrorMessage);
    }
  }
  return placed;
}

export const noErrors = (): PlacedErrors => ({ general: new Map(), rows: new Map(), unplaced: [] });

/** The builder's own checks before the call (the server checks them all again). */
export function checkDraft(draft: Draft): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const problem = (PropertyName: string, ErrorMessage: string) => problems.push({ PropertyName, ErrorMessage, ErrorCode: 'ReportBuilder' });
  if (!draft.name.trim()) problem('ReportDispName', 'Name is required.');
  if (!draft.category.trim()) problem('Category', 'Category is required.');
  if (!draft.formId) problem('FormId', 'Choose the form the report is on.');
  else if (!columnsOf(draft).length) problem('Columns', 'Choose at least one column.');
  if (draft.chartKind && !draft.chartLabel) problem('Chart/Label', "Choose the column giving the chart's labels.");
  if (draft.chartKind && !draft.chartValues.length) problem('Chart/Values', "Choose at least one number column for the chart's values.");
  return problems;
}
