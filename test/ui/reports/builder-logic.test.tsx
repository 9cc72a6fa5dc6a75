import { describe, expect, it } from 'vitest';
import { bodyOf, changeRow, checkDraft, draftOf, emptyDraft, placeErrors, rowsOf, totalsFor, valueColumnsOf, type Draft } from '../../../ui/screens/reports/builder/builder-logic.ts';
import type { BuiltReport } from '../../../ui/screens/reports/builder/builder-api.ts';
import { incidentFields } from './builder-fixtures.ts';


/** A draft with Title, Severity, Cost (summed) and Records as columns, Severity a filter. */
function chosen(): Draft {
  let draft: Draft = { ...emptyDraft(), name: ' Incidents ', category: 'Incidents', formId: 4, rows: rowsOf(incidentFields) };
  for (const field of ['Title', 'Severity', 'Cost', 'RecordCount']) draft = changeRow(draft, field, { column: true });
  draft = changeRow(draft, 'Cost', { total: 'sum' });
  return changeRow(draft, 'Severity', { filter: true });
}

describe("the report builder's logic", () => {
  it('offers sum and average only of numbers and Records; anything can be counted', () => {
    expect(totalsFor('number')).toEqual(['sum', 'avg', 'count']);
    expect(totalsFor('count')).toEqual(['sum', 'avg', 'count']);
    expect(totalsFor('text')).toEqual(['count']);
    expect(totalsFor('selectOne')).toEqual(['count']);
  });

  it("makes the call's body: the chosen columns in order with a changed title and total, the filters, grouping and chart", () => {
    let draft = changeRow(chosen(), 'Title', { title: 'Incident' });
    draft = { ...draft, groupBy: 'Severity', chartKind: 'bar', chartLabel: 'Severity', chartValues: ['RecordCount'], roleIds: [3] };
    expect(bodyOf(draft, false)).toEqual({
      ReportDispName: 'Incidents', Category: 'Incidents', Description: null, FormId: 4,
      Columns: [{ Field: 'Title', Title: 'Incident' }, { Field: 'Severity' }, { Field: 'Cost', Total: 'sum' }, { Field: 'RecordCount' }],
      Filters: [{ Field: 'Severity' }], GroupBy: 'Severity', Chart: { Kind: 'bar', Label: 'Severity', Values: ['RecordCount'] },
    });
    // Roles are sent only by one who may grant (module Role): otherwise the report's roles stay as they are.
    expect(bodyOf(draft, true).RoleIds).toEqual([3]);
  });

  it('offers number columns and Records as chart values, and lets go of a grouping or chart part whose column is unchosen', () => {
    let draft: Draft = { ...chosen(), groupBy: 'Severity', chartKind: 'pie', chartLabel: 'Severity', chartValues: ['Cost', 'RecordCount'] };
    expect(valueColumnsOf(draft).map((r) => r.Field)).toEqual(['Cost', 'RecordCount']);
    draft = changeRow(draft, 'Severity', { column: false });
    draft = changeRow(draft, 'Cost', { column: false });
    expect([draft.groupBy, draft.chartLabel, draft.chartValues]).toEqual(['', '', ['RecordCount']]);
  });

  it("places the server's errors at their rows: 'Columns/2/Total' at the third chosen column, 'Filters/0/Field' at the first filter", () => {
    const placed = placeErrors(chosen(), [
      { PropertyName: 'Columns/2/Total', ErrorMessage: 'Cost cannot be summed.', ErrorCode: 'ReportBuilder' },
      { PropertyName: 'Columns/0/Field', ErrorMessage: 'No such field.', ErrorCode: 'ReportBuilder' },
      { PropertyName: 'Filters/0/Field', ErrorMessage: 'Severity is a filter twice.', ErrorCode: 'ReportBuilder' },
      { PropertyName: 'Chart/Values', ErrorMessage: 'Numbers only.', ErrorCode: 'ReportBuilder' },
      { PropertyName: null, ErrorMessage: 'The report was changed by someone else.', ErrorCode: 'Conflict' },
    ]);
    expect(placed.rows.get('Cost')?.get('Total')).toBe('Cost cannot be summed.');
    expect(placed.rows.get('Title')?.get('Column')).toBe('No such field.');
    expect(placed.rows.get('Severity')?.get('Filter')).toBe('Severity is a filter twice.');
    expect(placed.general.get('Chart/Values')).toBe('Numbers only.');
    expect(placed.unplaced).toEqual(['The report was changed by someone else.']);
  });

  it('reads a saved report over the fields as they are: its columns first in its order, a field gone left out', () => {
    const saved: BuiltReport = {
      ReportId: 9, FileName: 'form-4-incidents', ReportDispName: 'Incidents', Category: 'Incidents', Description: 'All of them', FormId: 4,
      Columns: [{ Field: 'Cost', Total: 'avg' }, { Field: 'Gone' }, { Field: 'Title', Title: 'Incident' }], Filters: [{ Field: 'CreatedDate' }],
      GroupBy: 'Title', Chart: null, RoleIds: [2],
    };
    const draft = draftOf(saved, incidentFields);
    expect(draft.rows.map((r) => [r.Field, r.column, r.title, r.total, r.filter])).toEqual([
      ['Cost', true, 'Cost', 'avg', false], ['Title', true, 'Incident', '', false], ['Severity', false, 'Severity', '', false],
      ['CreatedDate', false, 'Created Date', '', true], ['RecordCount', false, 'Records', '', false],
    ]);
    expect([draft.groupBy, draft.chartKind, draft.roleIds, draft.description]).toEqual(['Title', '', [2], 'All of them']);
    expect(bodyOf(draft, false).Columns).toEqual([{ Field: 'Cost', Total: 'avg' }, { Field: 'Title', Title: 'Incident' }]);
  });

  it('asks for a name, a category, a form and a column, and a whole chart, before calling', () => {
    expect(checkDraft(emptyDraft()).map((p) => p.PropertyName)).toEqual(['ReportDispName', 'Category', 'FormId']);
    expect(checkDraft({ ...emptyDraft(), name: 'x', category: 'y', formId: 4, rows: rowsOf(incidentFields) }).map((p) => p.PropertyName)).toEqual(['Columns']);
    expect(checkDraft({ ...chosen(), chartKind: 'line' }).map((p) => p.PropertyName)).toEqual(['Chart/Label', 'Chart/Values']);
    expect(checkDraft(chosen())).toEqual([]);
  });
});
