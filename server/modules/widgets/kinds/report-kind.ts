import type { Knex } from 'knex';
import { reportRunBy } from '../../reports/form-report-sql.ts';
import { readOnly } from '../../reports/reports-db.ts';
import { runReport } from '../../reports/run.ts';
import { resolvedDefault, type WireValue } from '../../reports/params.ts';
import { problem, textOption, type WidgetKindServer } from './kind.ts';

/**
 * A report's chart or its first rows, run as the reports screen runs it for this viewer (with the filter values in its options, else their defaults), on the
 * reports database when one is set:
 * only a report the viewer may run (else it answers as none), a report built on a form through the one evaluator.
 */
export const reportKind: WidgetKindServer = {
  async data(ctx) {
    const { def, bindingsFor } = await reportRunBy(ctx.db, ctx.userId, ctx.widget.Source ?? 0);
    const rows = Number(ctx.widget.Options.Rows);
    const given = (ctx.widget.Options.Params ?? {}) as Record<string, WireValue>;
    const params = Object.fromEntries(def.Parameters.map((p) => [p.Param, given[p.Param] ?? resolvedDefault(p)]));
    const run = (trx: Knex) => runReport(trx, def, bindingsFor(params), 1, Number.isInteger(rows) && rows > 0 && rows <= 50 ? rows : 10, [], true);
    const result = ctx.reportsDb ? await readOnly(ctx.reportsDb, ctx.timeoutSeconds, run) : await run(ctx.db);
    const show = textOption(ctx.widget.Options, 'Show') === 'chart' && 'Chart' in result && result.Chart ? 'chart' : 'table';
    return { Show: show, ReportId: ctx.widget.Source, Result: result };
  },
  async check(db, widget) {
    const report = widget.Source ? await db('reports').where({ ReportId: widget.Source, IsRetired: false }).first('ReportId') : null;
    return report ? [] : [problem('Source', 'Choose a report.')];
  },
};

