import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import { controlTypes, type ChartDefinition, type ColumnDefinition, type ParameterDefinition, type ReportDefinition, type TotalKind } from './definition.ts';
import { columnTypeOf, reportableFields, type ReportableField } from './form-fields.ts';

/**
 * A report an administrator builds on a form, with no SQL (issue 31): the columns, the filters that become its
 * parameters, a grouping with totals and a chart. It is kept as a definition like the shipped ones, with its Source
 * instead of a Query: the statement is made for each run, for the user running it (form-report-sql.ts).
 */
export interface FormReportSpec {
  FormId: number;
  Columns: Array<{ Field: string; Title?: string; Total?: TotalKind }>;
  Filters: Array<{ Field: string; Title?: string }>;
  GroupBy?: string | null;
  Chart?: { Kind: ChartDefinition['Kind']; Title?: string; Label: string; Values: string[] } | null;
}

export interface FormReportBody extends FormReportSpec {
  ReportDispName: string;
  Description?: string | null;
  Category: string;
}

/** A built report's definition: the shipped shape, its Source naming the form and what was chosen. */
export type FormReportDefinition = ReportDefinition & { Source: FormReportSpec };

export const isFormReport = (def: ReportDefinition): def is FormReportDefinition => Boolean((def as Partial<FormReportDefinition>).Source);

/** A filter's parameters: a date's two ends, a select's items (All allowed), yes/no, or text where * matches anything. */
export function filterParameters(field: ReportableField, title: string, order: number): ParameterDefinition[] {
  const base = { Title: title, DisplayOrder: order, ShowFilter: true };
  if (field.Kind === 'date' || field.Kind === 'datetime') {
    return [
      { ...base, Param: `${field.Field}From`, Title: `${title} from`, ControlType: controlTypes.dateRange, Parent: field.Field, DefaultValue: 'today-30' },
      { ...base, Param: `${field.Field}To`, Title: `${title} to`, ControlType: controlTypes.dateRange, Parent: field.Field, DefaultValue: 'today', DisplayOrder: order + 1 },
    ];
  }
  if (field.Kind === 'selectOne' || field.Kind === 'selectMany') {
    return [{
      ...base, Param: field.Field, ControlType: controlTypes.selectMany, IsAllAllowed: true, AllOptionValue: '0', DefaultValue: '0',
      Options: { Query: `select i.name as key, i.simple_lookup_item_id as value from simple_lookup_items i where i.table_id = ${Number(field.listId)} and i.is_active order by i.sort_order, i.name` },
    }];
  }
  if (field.Kind === 'boolean') {
    return [{ ...base, Param: field.Field, ControlType: controlTypes.selectOne, IsAllAllowed: true, AllOptionValue: '*', DefaultValue: '*', Options: { Items: [{ Key: 'Yes', Value: 'true' }, { Key: 'No', Value: 'false' }] } }];
  }
  return [{ ...base, Param: field.Field, ControlType: controlTypes.textBox, DefaultValue: '*', HelpText: `${title} holding this text; * for any.` }];
}

const problem = (PropertyName: string, ErrorMessage: string): ErrorItem => ({ PropertyName, ErrorMessage, ErrorCode: 'ReportBuilder' });

/**
 * The builder's choices checked against the form as it is, and made a definition: each column a field of the form
 * (Total: sum and avg of numbers, count of anything), each filter a field that is not a count, the grouping and the
 * chart's label among the columns, the chart's values number columns. Faults are 400s naming what is wrong.
 */
export async function compileFormReport(db: Knex, body: FormReportBody, fileName: string): Promise<FormReportDefinition> {
  const found = await reportableFields(db, body.FormId);
  if (!found) throw new HttpError(400, [problem('FormId', `The form ${body.FormId} does not exist or is not active.`)]);
  const { built, fields } = found;
  const errors: ErrorItem[] = [];
  const fieldOf = (name: string, at: string) => {
    const field = fields.get(name);
    if (!field) errors.push(problem(at, `The form ${built.form.Name} has no field ${name} a report can show.`));
    return field;
  };
  if (!body.ReportDispName?.trim()) errors.push(problem('ReportDispName', 'Name is required.'));
  if (!body.Category?.trim()) errors.push(problem('Category', 'Category is required.'));
  if (!body.Columns.length) errors.push(problem('Columns', 'Choose at least one column.'));
  const columns: ColumnDefinition[] = [];
  body.Columns.forEach((c, i) => {
    const field = fieldOf(c.Field, `Columns/${i}/Field`);
    if (!field) return;
    if (columns.some((x) => x.Name === c.Field)) return void errors.push(problem(`Columns/${i}/Field`, `${field.Title} is a column twice.`));
    const numeric = field.Kind === 'number' || field.Kind === 'count';
    if (c.Total && c.Total !== 'count' && !numeric) errors.push(problem(`Columns/${i}/Total`, `${field.Title} is not a number: it can be counted, not summed or averaged.`));
    columns.push({ Name: c.Field, Title: c.Title?.trim() || field.Title, Type: columnTypeOf(field.Kind), ...(c.Total ? { Total: c.Total } : {}) });
  });
  const parameters: ParameterDefinition[] = [];
  body.Filters.forEach((f, i) => {
    const field = fieldOf(f.Field, `Filters/${i}/Field`);
    if (!field) return;
    if (field.Kind === 'count') return void errors.push(problem(`Filters/${i}/Field`, 'Records is a count: it cannot filter.'));
    if (body.Filters.findIndex((x) => x.Field === f.Field) !== i) return void errors.push(problem(`Filters/${i}/Field`, `${field.Title} is a filter twice.`));
    parameters.push(...filterParameters(field, f.Title?.trim() || field.Title, parameters.length + 1));
  });
  const isColumn = (name: string | undefined | null) => Boolean(name && columns.some((c) => c.Name === name));
  if (body.GroupBy && !isColumn(body.GroupBy)) errors.push(problem('GroupBy', 'Group by one of the report\'s columns.'));
  const chart = body.Chart ?? null;
  if (chart) {
    if (!isColumn(chart.Label)) errors.push(problem('Chart/Label', "The chart's labels must be one of the report's columns."));
    if (!chart.Values.length || chart.Values.some((v) => columns.find((c) => c.Name === v)?.Type !== 'number')) errors.push(problem('Chart/Values', "The chart's values must be number columns of the report."));
  }
  if (errors.length) throw new HttpError(400, errors);
  return {
    FileName: fileName, ReportDispName: body.ReportDispName.trim(), Description: body.Description?.trim() ?? '', Category: body.Category.trim(), CategoryOrder: 100,
    DisplayOrder: 0, ShowHelpText: false, HelpText: '', Query: '', Parameters: parameters, Columns: columns,
    ...(body.GroupBy ? { GroupBy: body.GroupBy } : {}),
    ...(chart ? { Chart: { Kind: chart.Kind, Title: chart.Title?.trim() || body.ReportDispName.trim(), Label: chart.Label, Values: chart.Values } } : {}),
    Source: { FormId: body.FormId, Columns: body.Columns, Filters: body.Filters, GroupBy: body.GroupBy ?? null, Chart: chart },
  };
}
