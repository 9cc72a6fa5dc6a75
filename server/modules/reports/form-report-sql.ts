import type { Knex } from 'knex';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { HttpError } from '../../lib/http-error.ts';
import { withRowRule } from '../../lib/crud/record-access.ts';
import { moduleAccessOf } from '../access/effective-access.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import type { Principal } from '../../types.ts';
import { controlTypes, type ParameterDefinition, type ReportDefinition } from './definition.ts';
import { reportBindings, type WireValue } from './params.ts';
import { reportFor, type RunnableReport } from './store.ts';
import { reportableFields, shownValue, type ReportableField } from './form-fields.ts';
import { isFormReport } from './form-report.ts';

/** A definition as one user runs it, and the bindings its statement needs beyond the parameters. */
export interface ResolvedReport { def: ReportDefinition; bindings: Record<string, unknown> }

const gone = () => HttpError.of(404, 'This report does not exist, or you may not run it.', null, 'NotFound');

/** The field a parameter filters by: a date range's ends name theirs as Parent. */
const fieldOfParam = (p: ParameterDefinition) => (p.Parent && p.ControlType === controlTypes.dateRange ? p.Parent : p.Param);

/** A filter's condition over the record alias r, its values bound by the parameters' names. */
function condition(field: ReportableField, params: ParameterDefinition[]): string {
  const v = field.value;
  const [p] = params;
  switch (field.Kind) {
    case 'date':
    case 'datetime': {
      const [from, to] = params;
      return `${v} >= cast(:${from.Param} as date) and ${v} < cast(:${to.Param} as date) + 1`;
    }
    case 'selectOne': return `('0' = any(:${p.Param}) or ${v}::text = any(:${p.Param}))`;
    case 'selectMany': return `('0' = any(:${p.Param}) or exists (select 1 from jsonb_array_elements_text(${v}) as chosen (id) where chosen.id = any(:${p.Param})))`;
    case 'boolean': return `(:${p.Param} = '*' or ${v} = cast(:${p.Param} as boolean))`;
    case 'number': return `(:${p.Param} = '*' or ${v} = cast(:${p.Param} as numeric))`;
    default: return `(:${p.Param} = '*' or strpos(lower(${v}::text), lower(:${p.Param})) > 0)`;
  }
}

/** knex's statement with its `?` values as named bindings (`:rb0`...), beside the parameters' own names. */
function named(query: Knex.QueryBuilder): { sql: string; bindings: Record<string, unknown> } {
  const { sql, bindings } = query.toSQL();
  let i = 0;
  const out: Record<string, unknown> = {};
  const text = sql.replace(/\?/g, () => {
    out[`rb${i}`] = bindings[i];
    return `:rb${i++}`;
  });
  return { sql: text, bindings: out };
}

/**
 * A built report as `userId` may run it, through the one evaluator: the form's module held (else it answers as no
 * report), its rows by the row rule (View All Records, their own, their circles'), and only the fields they hold: a
 * hidden field's column, filter, grouping and chart are left out, and a sort by it is refused as by no column.
 * Shipped reports are answered as they are.
 */
export async function resolvedForUser(db: Knex, def: ReportDefinition, userId: number): Promise<ResolvedReport> {
  if (!isFormReport(def)) return { def, bindings: {} };
  const formId = def.Source.FormId;
  const found = await reportableFields(db, formId);
  const access = await moduleAccessOf(db, userId, `Form${formId}`);
  if (!found || !access.holdsModule) throw gone();
  const denied = new Set(access.deniedFields);
  const usable = (name: string) => found.fields.has(name) && !denied.has(name);
  const columns = def.Columns.filter((c) => usable(c.Name));
  const parameters = def.Parameters.filter((p) => usable(fieldOfParam(p)));
  const principal = { UserId: userId, Access: { viewAllRecords: access.viewAllRecords } } as Principal;
  const query = withRowRule(db(`${recordTableName(formId)} as r`).where('r.IsActive', true), 'r.CreatedById', principal, found.built.form.IsCircleable ? 'r.AtomicCircleId' : undefined)
    .select(columns.map((c) => db.raw(`${shownValue(found.fields.get(c.Name)!)} as ??`, [toSnakeCase(c.Name)])));
  for (const name of new Set(parameters.map(fieldOfParam))) query.whereRaw(condition(found.fields.get(name)!, parameters.filter((p) => fieldOfParam(p) === name)));
  const { sql, bindings } = named(query);
  const chart = def.Chart && columns.some((c) => c.Name === def.Chart!.Label) ? { ...def.Chart, Values: def.Chart.Values.filter((v) => columns.some((c) => c.Name === v)) } : undefined;
  return {
    def: {
      ...def, Query: sql, Columns: columns, Parameters: parameters,
      GroupBy: def.GroupBy && columns.some((c) => c.Name === def.GroupBy) ? def.GroupBy : undefined,
      Chart: chart?.Values.length ? chart : undefined,
    },
    bindings,
  };
}

/**
 * A report the user may run (else 404, as none), as they may run it, and the bindings of a run of it with these
 * parameter values (400 naming a missing or malformed one): what every run, export and scheduled send starts from.
 */
export async function reportRunBy(db: Knex, userId: number, reportId: number) {
  const report: RunnableReport = await reportFor(db, userId, reportId);
  const { def, bindings } = await resolvedForUser(db, report.Definition, userId);
  return { report, def, bindingsFor: (params: Record<string, WireValue> | undefined) => ({ ...reportBindings(def, params, userId), ...bindings }) };
}
