import { fromStoredDate } from '../../../engine/widgets/date-picker/input.ts';
import { ControlType, type Favourite, type SavedParam, type ParameterOption, type ParamValue, type ReportParameter, type ReportParams } from './report-api.ts';

/** Spec 3: every filter is required. */
export const requiredMessage = 'This field is required.';
export const invalidDateMessage = 'Must be a valid date (MM/dd/yyyy).';
/** The wire's separator of a select-many's ids in a saved favourite (spec 3: "a special separator character"). */
export const manySeparator = '\u001F';

/** One control of the filter form: a parameter, or the two date parameters of a range drawn as one From/To pair. */
export type FilterControl =
  | { kind: 'single'; param: ReportParameter }
  | { kind: 'range'; key: string; start: ReportParameter; end: ReportParameter };

const isSelect = (p: ReportParameter) => p.ControlType === ControlType.SelectOne || p.ControlType === ControlType.SelectMany;

/**
 * The parameters as controls in DisplayOrder. Date-range parameters sharing a ParentIds key pair up (the first the
 * start); one left without a partner is drawn as a plain date, so it can still be filled.
 */
export function filterControls(params: ReportParameter[]): FilterControl[] {
  const ordered = [...params].sort((a, b) => a.DisplayOrder - b.DisplayOrder);
  const controls: FilterControl[] = [];
  const paired = new Set<number>();
  for (const param of ordered) {
    if (paired.has(param.ParameterId)) continue;
    if (param.ControlType === ControlType.DateRange) {
      const end = ordered.find((p) => p !== param && p.ControlType === ControlType.DateRange && !paired.has(p.ParameterId) && (p.ParentIds ?? '') === (param.ParentIds ?? ''));
      if (end) {
        paired.add(end.ParameterId);
        controls.push({ kind: 'range', key: param.ParentIds ?? param.Param, start: param, end });
        continue;
      }
    }
    controls.push({ kind: 'single', param });
  }
  return controls;
}

/** The ParameterIds a select depends on (its ParentIds); other controls' ParentIds is a range's key, not parents. */
export function parentIdsOf(param: ReportParameter): number[] {
  if (!isSelect(param) || !param.ParentIds) return [];
  return param.ParentIds.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
}

/** A stored select-many value as its ids (the separator, or a comma list as a default may be written). */
export function splitMany(value: string | null | undefined): string[] {
  if (!value) return [];
  return value.split(value.includes(manySeparator) ? manySeparator : ',').map((s) => s.trim()).filter(Boolean);
}

/** The form's first values: the server's resolved Value, else the DefaultValue. */
export function initialValues(params: ReportParameter[]): ReportParams {
  const values: ReportParams = {};
  for (const p of params) {
    const start = p.Value ?? p.DefaultValue ?? '';
    values[p.Param] = p.ControlType === ControlType.SelectMany ? splitMany(start) : start;
  }
  return values;
}

export const isEmpty = (value: ParamValue | undefined) => value === null || value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');

/** The message under each filter that is not right: empty (every one is required), or a date that is not one. */
export function validateFilters(params: ReportParameter[], values: ReportParams): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of params) {
    const value = values[p.Param];
    if (isEmpty(value)) errors[p.Param] = requiredMessage;
    else if ((p.ControlType === ControlType.DatePicker || p.ControlType === ControlType.DateRange) && !fromStoredDate(value)) errors[p.Param] = invalidDateMessage;
  }
  return errors;
}

/** The run's Params: every parameter by its Param, blank text trimmed; a select-many an array of ids. */
export function runParams(params: ReportParameter[], values: ReportParams): ReportParams {
  const out: ReportParams = {};
  for (const p of params) {
    const value = values[p.Param];
    out[p.Param] = isEmpty(value) ? null : Array.isArray(value) ? value : (value as string).trim();
  }
  return out;
}

/** A select's value kept only while it is still an option (a select-many keeps the ids that still are). */
export function keepOptions(value: ParamValue | undefined, options: ParameterOption[]): ParamValue {
  const known = new Set(options.map((o) => o.Value));
  if (Array.isArray(value)) return value.filter((v) => known.has(v));
  return value && known.has(value) ? value : '';
}

/** The favourite's params as the save call takes them: labels in value, ids in valueId for selects. */
export function favouriteParams(params: ReportParameter[], values: ReportParams, optionsOf: (p: ReportParameter) => ParameterOption[]): SavedParam[] {
  return params.map((p) => {
    const value = values[p.Param];
    const ids = Array.isArray(value) ? value : value ? [value] : [];
    const labelOf = (id: string) => optionsOf(p).find((o) => o.Value === id)?.Key ?? id;
    return isSelect(p)
      ? { name: p.Param, value: ids.map(labelOf).join(', ') || null, controlType: p.ControlType, parameterId: p.ParameterId, valueId: ids.join(manySeparator) || null }
      : { name: p.Param, value: (value as string | null) || null, controlType: p.ControlType, parameterId: p.ParameterId, valueId: null };
  });
}

/** A saved favourite's values over the form's, matched by ParameterId (else by name). */
export function valuesFromFavourite(params: ReportParameter[], favourite: Favourite): ReportParams {
  const values: ReportParams = {};
  for (const p of params) {
    const saved = favourite.Params.find((f) => f.ParameterId === p.ParameterId) ?? favourite.Params.find((f) => f.Name === p.Param);
    if (p.ControlType === ControlType.SelectMany) values[p.Param] = splitMany(saved?.ValueId ?? saved?.Value);
    else if (p.ControlType === ControlType.SelectOne) values[p.Param] = saved?.ValueId ?? saved?.Value ?? '';
    else values[p.Param] = saved?.Value ?? '';
  }
  return values;
}
