import type { Knex } from 'knex';
import { toSnakeCase } from '../../db/naming.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ColumnDefinition, ReportDefinition } from './definition.ts';
import { scanSql } from './sql-text.ts';

export interface Sort { Field: string; Dir: 'asc' | 'desc' }
type Row = Record<string, unknown>;

const quoted = (column: Pick<ColumnDefinition, 'Name'>) => `"${toSnakeCase(column.Name)}"`;

/**
 * The report's query as a subquery, with its order: the Sorts asked for, then every column left to right, so that
 * paging, and an export read in batches, see one stable order. A Sort on anything but a column is refused (400).
 */
export function reportStatement(def: ReportDefinition, sorts: Sort[] = []): { from: string; orderBy: string } {
  const byName = new Map(def.Columns.map((c) => [c.Name, c]));
  for (const sort of sorts) {
    if (!byName.has(sort.Field)) throw HttpError.of(400, `The report cannot be sorted by ${sort.Field}: it is not one of its columns.`, 'Sorts', 'Sort');
  }
  const keys = [...sorts.map((s) => `${quoted(byName.get(s.Field)!)} ${s.Dir === 'desc' ? 'desc' : 'asc'} nulls last`),
    ...def.Columns.filter((c) => !sorts.some((s) => s.Field === c.Name)).map((c) => `${quoted(c)} asc nulls last`)];
  return { from: `(${scanSql(def.Query).knexSql}) as report`, orderBy: keys.join(', ') };
}

const aggregate = (c: ColumnDefinition) => (c.Total === 'count' ? `count(${quoted(c)})::float8` : `coalesce(${c.Total}(${quoted(c)}), 0)::float8`);
const numbers = (row: Row | undefined, columns: ColumnDefinition[]) => Object.fromEntries(columns.map((c) => [c.Name, Number(row?.[c.Name] ?? 0)]));

export interface RunAnswer {
  Columns: ColumnDefinition[];
  Rows: Row[];
  Total: number;
  Totals: Record<string, number>;
  Groups?: Array<{ Key: string; Totals: Record<string, number> }>;
  Chart?: { Kind: string; Title: string; Labels: string[]; Series: Array<{ Name: string; Title: string; Values: number[] }> };
}

/** One page of a report, and over the whole result its row count, totals, group subtotals and chart, in the caller's read-only transaction. */
export async function runReport(trx: Knex, def: ReportDefinition, bindings: Record<string, unknown>, page: number, pageSize: number, sorts: Sort[], withSummary = true): Promise<RunAnswer | Pick<RunAnswer, 'Columns' | 'Rows'>> {
  const { from, orderBy } = reportStatement(def, sorts);
  const raw = async (sql: string) => ((await trx.raw(sql, bindings as Knex.ValueDict)) as { rows: Row[] }).rows;
  const offset = (Math.max(1, Math.trunc(page)) - 1) * Math.trunc(pageSize);
  const rows = await raw(`select * from ${from} order by ${orderBy} limit ${Math.trunc(pageSize)} offset ${offset}`);
  const shown = rows.map((row) => Object.fromEntries(def.Columns.map((c) => [c.Name, row[c.Name] ?? null])));
  // The whole result's count, totals, subtotals and chart depend on the parameters alone: a page asked for while paging needs none.
  if (!withSummary) return { Columns: def.Columns, Rows: shown };
  const totalled = def.Columns.filter((c) => c.Total);
  const totalsSql = totalled.map((c) => `${aggregate(c)} as ${quoted(c)}`);
  const [summary] = await raw(`select count(*)::float8 as report_total_rows${totalsSql.map((s) => `, ${s}`).join('')} from ${from}`);
  const answer: RunAnswer = {
    Columns: def.Columns,
    Rows: shown,
    Total: Number(summary.ReportTotalRows),
    Totals: numbers(summary, totalled),
  };
  if (def.GroupBy) {
    const group = def.Columns.find((c) => c.Name === def.GroupBy)!;
    const groups = await raw(`select ${quoted(group)}::text as report_group_key${totalsSql.map((s) => `, ${s}`).join('')}
      from ${from} group by ${quoted(group)} order by ${quoted(group)} asc nulls last`);
    answer.Groups = groups.map((g) => ({ Key: String(g.ReportGroupKey ?? ''), Totals: numbers(g, totalled) }));
  }
  if (def.Chart) {
    const chart = def.Chart;
    const label = def.Columns.find((c) => c.Name === chart.Label)!;
    const series = chart.Values.map((name) => def.Columns.find((c) => c.Name === name)!);
    const points = await raw(`select ${quoted(label)}::text as report_chart_label${series.map((c) => `, coalesce(sum(${quoted(c)}), 0)::float8 as ${quoted(c)}`).join('')}
      from ${from} group by ${quoted(label)} order by ${quoted(label)} asc nulls last`);
    answer.Chart = {
      Kind: chart.Kind, Title: chart.Title, Labels: points.map((p) => String(p.ReportChartLabel ?? '')),
      Series: series.map((c) => ({ Name: c.Name, Title: c.Title, Values: points.map((p) => Number(p[c.Name] ?? 0)) })),
    };
  }
  return answer;
}
