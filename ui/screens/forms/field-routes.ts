import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import { fillPath } from '../../routing/route-paths.ts';

/**
 * Where the field lists' actions go, from the route table (which holds only the routes the user may
 * use: an action whose route is missing is not offered). Copy needs create and update (spec 2 section 6).
 */
export interface FieldLinks {
  add?: (udf: boolean) => string;
  edit?: (fieldId: number) => string;
  copy?: (udf: boolean, fieldId: number) => string;
  remove?: (fieldId: number) => string;
}

export function fieldLinks(routes: readonly RouteEntry[], formId: number): FieldLinks {
  const url = (kind: string) => routes.find((r) => r.Name === `formfields.${kind}`)?.Url;
  const create = url('create');
  const update = url('update');
  const remove = url('delete');
  return {
    add: create ? (udf) => `${create}?formid=${formId}&isudf=${udf}` : undefined,
    edit: update ? (id) => fillPath(update, { id }) : undefined,
    copy: create && update ? (udf, id) => `${create}?formid=${formId}&isudf=${udf}&id=${id}` : undefined,
    remove: remove ? (id) => fillPath(remove, { id }) : undefined,
  };
}

/** The records list of a built form, when the user holds it. */
export function recordsListUrl(routes: readonly RouteEntry[], formId: number): string | undefined {
  return routes.find((r) => r.Name === `form-${formId}.list`)?.Url;
}

/** yyyy-MM-dd as MM/dd/yyyy, without a trip through Date (a calendar day has no time zone). */
export function displayDay(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** A UDF's active range as a person reads it. */
export function activeRange(start: string | null, end: string | null): string {
  if (!start) return 'Not set';
  return end ? `${displayDay(start)} – ${displayDay(end)}` : `From ${displayDay(start)}`;
}
