import type { ScreenDocument } from '../../../engine/core/screen-document.ts';

type RecordReport = NonNullable<NonNullable<ScreenDocument['form']>['recordReport']>;
type ParamValue = string | string[];

/** A record's value as a report parameter: numbers and yes/no as text, a select-many as its ids; nothing else fills one. */
function asParam(value: unknown): ParamValue | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'number' || typeof v === 'string')) return value.map(String);
  return null;
}

/**
 * The report card's parameters for one record: each from its field or its fixed value. Null when any is missing (a
 * field left empty on this record, or no longer on the form): the card then says what it needs instead of running.
 */
export function recordReportParams(report: RecordReport, record: Record<string, unknown>): Record<string, ParamValue> | null {
  const params: Record<string, ParamValue> = {};
  for (const p of report.params) {
    const value = p.field ? asParam(record[p.field]) : p.value?.trim() ? p.value : null;
    if (value === null) return null;
    params[p.param] = value;
  }
  return params;
}
