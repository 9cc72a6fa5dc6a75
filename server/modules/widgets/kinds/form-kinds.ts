import type { Knex } from 'knex';
import type { ErrorItem } from '../../../../engine/core/error-items.ts';
import { withRowRule } from '../../../lib/crud/record-access.ts';
import { recordTableName } from '../../forms/definition-sync.ts';
import { reportableFields, shownValue, type ReportableField } from '../../reports/form-fields.ts';
import { formReadAccess } from './form-access.ts';
import { problem, sourceGone, textOption, type KindContext, type WidgetKindServer } from './kind.ts';

/**
 * A built form's records as the viewer may read them, through the one evaluator (as a report built on a form is run):
 * the form's module or a page of it held (formReadAccess), else the form answers as none; its rows by the row rule (View All Records, their own, their
 * circles'); and a field the field mask hides from them is never counted, summed, filtered or grouped by: the widget
 * says it is not for them.
 */
async function readableForm(ctx: KindContext) {
  const formId = ctx.widget.Source;
  const found = formId ? await reportableFields(ctx.db, formId) : null;
  const access = found ? await formReadAccess(ctx.db, ctx.userId, formId!) : null;
  if (!found || !access) throw sourceGone();
  const denied = new Set(access.deniedFields);
  const fieldOf = (name: string): ReportableField => {
    const field = found.fields.get(name);
    if (!field) throw sourceGone();
    if (denied.has(name)) throw new HiddenField();
    return field;
  };
  const rows = () => {
    const query = withRowRule(ctx.db(`${recordTableName(formId!)} as r`).where('r.IsActive', true), 'r.CreatedById', access.principal,
      found.built.form.IsCircleable ? 'r.AtomicCircleId' : undefined);
    const filter = ctx.widget.Options.Filter as { Field?: string; Value?: unknown } | undefined;
    if (filter?.Field) query.whereRaw(`(${shownValue(fieldOf(filter.Field))})::text = ?`, [String(filter.Value ?? '')]);
    return query;
  };
  return { fieldOf, rows };
}

/** A field the field mask hides from the viewer: the widget shows nothing of it, and says so. */
class HiddenField extends Error {}

export const hiddenFieldMessage = 'This widget counts by a field you may not see.';

/** A form widget's data, or only the word that it is not for this viewer when it needs a field hidden from them. */
const unlessHidden = (data: WidgetKindServer['data']): WidgetKindServer['data'] => async (ctx) => {
  try {
    return await data(ctx);
  } catch (error) {
    if (error instanceof HiddenField) return { Unavailable: hiddenFieldMessage };
    throw error;
  }
};

/** The measure of a number or a chart: a count of records, or the sum of a number field. */
function measureOf(ctx: KindContext, fieldOf: (name: string) => ReportableField): string {
  if (textOption(ctx.widget.Options, 'Measure') !== 'sum') return 'count(*)';
  return `coalesce(sum(${fieldOf(textOption(ctx.widget.Options, 'Field')).value}), 0)`;
}

/** A definition's form, fields and measure checked against the form as it is (the administrator sees every field). */
async function checkFormWidget(db: Knex, widget: { Source: number | null; Options: Record<string, unknown> }, groupBy: boolean): Promise<ErrorItem[]> {
  const found = widget.Source ? await reportableFields(db, widget.Source) : null;
  if (!found) return [problem('Source', 'Choose an active built form.')];
  const errors: ErrorItem[] = [];
  const { Measure, Field, Filter, GroupBy } = widget.Options as { Measure?: string; Field?: string; Filter?: { Field?: string }; GroupBy?: string };
  if (Measure === 'sum' && found.fields.get(Field ?? '')?.Kind !== 'number') errors.push(problem('Options/Field', 'Choose a number field to sum.'));
  if (Filter?.Field && !found.fields.has(Filter.Field)) errors.push(problem('Options/Filter/Field', `The form has no field ${Filter.Field}.`));
  if (groupBy) {
    const kind = found.fields.get(GroupBy ?? '')?.Kind;
    if (kind !== 'selectOne' && kind !== 'date' && kind !== 'datetime') errors.push(problem('Options/GroupBy', 'Group by a lookup field or a date.'));
  }
  return errors;
}

/** A count or a sum of a form's records under a filter. */
export const numberKind: WidgetKindServer = {
  data: unlessHidden(async (ctx) => {
    const { fieldOf, rows } = await readableForm(ctx);
    const [row] = await rows().select(ctx.db.raw(`${measureOf(ctx, fieldOf)} as value`));
    return { Value: Number(row.Value) };
  }),
  check: (db, widget) => checkFormWidget(db, widget, false),
};

const chartKinds = ['bar', 'line', 'pie'] as const;

/** A form's records grouped by a lookup field (its items' names) or by a date's month, as the report charts draw. */
export const chartKind: WidgetKindServer = {
  data: unlessHidden(async (ctx) => {
    const { fieldOf, rows } = await readableForm(ctx);
    const group = fieldOf(textOption(ctx.widget.Options, 'GroupBy'));
    const label = group.Kind === 'selectOne' ? shownValue(group) : `to_char(date_trunc('month', ${group.value}), 'YYYY-MM')`;
    const grouped: Array<{ Label: string | null; Value: string | number }> = await rows()
      .select(ctx.db.raw(`${label} as label`), ctx.db.raw(`${measureOf(ctx, fieldOf)} as value`))
      .groupByRaw('1').orderByRaw('1 nulls last');
    const chosen = textOption(ctx.widget.Options, 'Chart') as (typeof chartKinds)[number];
    const measured = textOption(ctx.widget.Options, 'Measure') === 'sum' ? fieldOf(textOption(ctx.widget.Options, 'Field')).Title : 'Records';
    return {
      Kind: chartKinds.includes(chosen) ? chosen : 'bar',
      Title: ctx.widget.Title,
      Labels: grouped.map((g) => g.Label ?? '(none)'),
      Series: [{ Name: 'Value', Title: measured, Values: grouped.map((g) => Number(g.Value)) }],
    };
  }),
  check: (db, widget) => checkFormWidget(db, widget, true),
};
