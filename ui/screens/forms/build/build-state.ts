import type { ErrorItem } from '../../../../engine/core/error-items.ts';

/** One row of the builder's field table, as typed. */
export interface FieldRow {
  key: number;
  Label: string;
  FieldType: string;
  Required: boolean;
  /** A select's choices, one per line. */
  Choices: string;
  IsUdf: boolean;
  StartDate: string;
  EndDate: string;
}

export interface PublishChoice {
  page: boolean;
  pageName: string;
  menuItem: boolean;
  role: boolean;
  roleName: string;
  create: boolean;
  update: boolean;
  delete: boolean;
}

export const selectTypes = new Set(['selectOne', 'selectMany']);

let nextKey = 1;
export const blankRow = (): FieldRow => ({ key: nextKey++, Label: '', FieldType: 'text', Required: false, Choices: '', IsUdf: false, StartDate: '', EndDate: '' });

/** Today as the date input holds it (a new UDF starts today unless told otherwise). */
export const today = () => new Date().toLocaleDateString('en-CA');

/** A row nobody typed in: the always-ready row at the end, left out of what is sent. */
export const isBlank = (row: FieldRow) => !row.Label.trim() && !row.Choices.trim() && !row.Required && !row.IsUdf && row.FieldType === 'text';

/**
 * The rows after an edit: a row is changed in place, and typing into the last row adds a fresh one below, so the table
 * always ends with a row ready to type into (no "Add field" click per field).
 */
export function withRowChanged(rows: FieldRow[], key: number, change: Partial<FieldRow>): FieldRow[] {
  const next = rows.map((row) => {
    if (row.key !== key) return row;
    const changed = { ...row, ...change };
    // A UDF is active from today unless another start is typed: one action fewer for the usual case.
    if (change.IsUdf === true && !row.StartDate) changed.StartDate = today();
    return changed;
  });
  const last = next.at(-1);
  return last && !isBlank(last) ? [...next, blankRow()] : next;
}

export function withoutRow(rows: FieldRow[], key: number): FieldRow[] {
  const rest = rows.filter((row) => row.key !== key);
  return rest.length && isBlank(rest.at(-1)!) ? rest : [...rest, blankRow()];
}

/** What the build call is sent: the typed rows, in order, and the publishing chosen. */
export function buildBody(name: string, rows: FieldRow[], publish: PublishChoice, circleable = false) {
  const typed = rows.filter((row) => !isBlank(row));
  return {
    body: {
      Name: name,
      IsCircleable: circleable,
      Fields: typed.map((row) => ({
        Label: row.Label, FieldType: row.FieldType, Required: row.Required,
        ...(selectTypes.has(row.FieldType) ? { Items: row.Choices.split('\n') } : {}),
        IsUdf: row.IsUdf, StartDate: row.IsUdf ? row.StartDate || null : null, EndDate: row.IsUdf ? row.EndDate || null : null,
      })),
      Page: publish.page ? { Name: publish.pageName } : null,
      MenuItem: publish.page && publish.menuItem,
      Role: publish.role ? { Name: publish.roleName, Create: publish.create, Update: publish.update, Delete: publish.delete } : null,
    },
    /** The row key of each sent field, by its index in Fields (the server names faults by index). */
    keys: typed.map((row) => row.key),
  };
}

/** The server's faults by where they are shown: 'Name', 'Page/Name', 'Role/Name', or '<row key>/<column>'. */
export function faultsByPlace(items: ErrorItem[], keys: number[]): Map<string, string> {
  const places = new Map<string, string>();
  for (const item of items) {
    const match = /^Fields\/(\d+)\/(\w+)$/.exec(item.PropertyName ?? '');
    const place = match ? `${keys[Number(match[1])]}/${match[2]}` : item.PropertyName ?? '';
    if (!places.has(place)) places.set(place, item.ErrorMessage);
  }
  return places;
}
