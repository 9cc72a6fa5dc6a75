import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { HttpError } from '../../lib/http-error.ts';
import { controlTypes, currentUserParam, isDate, type ParameterDefinition, type ReportDefinition } from './definition.ts';

/** What the wire may carry for a parameter; a select-many may also come as one string joined by U+001F. */
export type WireValue = string | string[] | null | undefined;
export const manySeparator = '\u001F';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in yyyy-mm-dd (2026-02-30 is not one). */
export function isIsoDate(text: string): boolean {
  const m = isoDate.exec(text);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === text;
}

/** A default as the form shows it: "today" and "today-30" (or +n) resolved to a UTC calendar day; other text as it is. */
export function resolvedDefault(p: Pick<ParameterDefinition, 'ControlType' | 'DefaultValue'>, now = new Date()): string | null {
  const text = p.DefaultValue ?? null;
  if (text === null || !isDate(p)) return text;
  const relative = /^today\s*(?:([+-])\s*(\d{1,5}))?$/i.exec(text.trim());
  if (!relative) return text;
  const days = relative[2] ? Number(relative[2]) * (relative[1] === '-' ? -1 : 1) : 0;
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

const blank = (v: WireValue) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every((x) => x.trim() === ''));

/** One parameter's value as it is bound: a select-many as an array of its ids (bound to `= any(:p)`), anything else as text. */
function boundValue(p: ParameterDefinition, value: Exclude<WireValue, null | undefined>): string | string[] {
  if (p.ControlType === controlTypes.selectMany) {
    const items = Array.isArray(value) ? value : value.split(manySeparator);
    return items.map((x) => x.trim()).filter(Boolean);
  }
  return Array.isArray(value) ? value.join(manySeparator) : value;
}

/**
 * The named bindings of a run: every declared parameter (each is required), and CurrentUserId. Answers 400 with field
 * errors keyed by Param: a missing or blank value, a date not in yyyy-mm-dd, a date range whose end is before its start.
 */
export function reportBindings(def: ReportDefinition, wire: Record<string, WireValue> | undefined, userId: number): Record<string, unknown> {
  const errors: ErrorItem[] = [];
  const bindings: Record<string, unknown> = { [currentUserParam]: userId };
  for (const p of def.Parameters) {
    const value = wire?.[p.Param];
    if (blank(value)) { errors.push({ PropertyName: p.Param, ErrorMessage: 'This field is required.', ErrorCode: 'required' }); continue; }
    const bound = boundValue(p, value!);
    if (isDate(p) && (typeof bound !== 'string' || !isIsoDate(bound))) {
      errors.push({ PropertyName: p.Param, ErrorMessage: 'Enter a date as yyyy-mm-dd.', ErrorCode: 'format' });
      continue;
    }
    bindings[p.Param] = bound;
  }
  for (const [start, end] of dateRanges(def)) {
    const from = bindings[start.Param];
    const to = bindings[end.Param];
    if (typeof from === 'string' && typeof to === 'string' && to < from) {
      errors.push({ PropertyName: end.Param, ErrorMessage: `${end.Title} must not be before ${start.Title}.`, ErrorCode: 'range' });
    }
  }
  if (errors.length) throw new HttpError(400, errors);
  return bindings;
}

/** Each date range's two ends, start first (by DisplayOrder). */
export function dateRanges(def: ReportDefinition): Array<[ParameterDefinition, ParameterDefinition]> {
  const groups = new Map<string, ParameterDefinition[]>();
  for (const p of def.Parameters) if (p.ControlType === controlTypes.dateRange) groups.set(p.Parent!, [...(groups.get(p.Parent!) ?? []), p]);
  return [...groups.values()].map((ends) => ends.sort((a, b) => a.DisplayOrder - b.DisplayOrder) as [ParameterDefinition, ParameterDefinition]);
}
