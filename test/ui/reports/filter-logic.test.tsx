import { describe, expect, it } from 'vitest';
import { filterControls, keepOptions, runParams, splitMany, validateFilters, valuesFromFavourite } from '../../../ui/screens/reports/filter-logic.ts';
import type { ReportParameter } from '../../../ui/screens/reports/report-api.ts';

const param = (ParameterId: number, Param: string, ControlType: number, DisplayOrder: number, ParentIds = ''): ReportParameter => ({
  ParameterId, Param, Title: Param, ControlType, DefaultValue: null, DisplayOrder, ParentIds, IsAllAllowed: false, AllOptionValue: null,
  ShowFilter: false, ShowHelpText: false, HelpText: null, Value: null,
});

describe('the filter form rules', () => {
  it('pairs the date-range parameters sharing a key in DisplayOrder, and draws one left alone as a plain date', () => {
    const controls = filterControls([param(3, 'To', 4, 3, 'period'), param(1, 'Name', 0, 1), param(2, 'From', 4, 2, 'period'), param(4, 'Lonely', 4, 4, 'other')]);
    expect(controls.map((c) => (c.kind === 'range' ? `range ${c.key}: ${c.start.Param}-${c.end.Param}` : c.param.Param))).toEqual(['Name', 'range period: From-To', 'Lonely']);
  });

  it('requires every filter, blank text and an empty select-many included, and refuses a date that is not one', () => {
    const params = [param(1, 'Name', 0, 1), param(2, 'Offices', 6, 2), param(3, 'Day', 3, 3), param(4, 'Region', 5, 4)];
    expect(validateFilters(params, { Name: '  ', Offices: [], Day: 'invalid', Region: '2' })).toEqual({
      Name: 'This field is required.', Offices: 'This field is required.', Day: 'Must be a valid date (MM/dd/yyyy).',
    });
    expect(validateFilters(params, { Name: 'x', Offices: ['1'], Day: '2026-02-28', Region: '2' })).toEqual({});
    expect(validateFilters([param(3, 'Day', 3, 3)], { Day: '2026-02-30' })).toEqual({ Day: 'Must be a valid date (MM/dd/yyyy).' });
    expect(runParams(params, { Name: ' Acme ', Offices: ['1', '2'], Day: '2026-02-28', Region: '2' })).toEqual({ Name: 'Acme', Offices: ['1', '2'], Day: '2026-02-28', Region: '2' });
  });

  it('keeps only the choices still offered, and reads a saved select-many by its separator', () => {
    const options = [{ Key: 'Oslo', Value: '101' }];
    expect(keepOptions(['101', '102'], options)).toEqual(['101']);
    expect(keepOptions('102', options)).toBe('');
    expect(splitMany('101\u001F102')).toEqual(['101', '102']);
    expect(splitMany('all')).toEqual(['all']);
    const params = [param(13, 'Region', 5, 1), param(14, 'Offices', 6, 2), param(10, 'Name', 0, 3)];
    expect(valuesFromFavourite(params, { UserFavoriteReportId: 1, Name: 'f', Params: [
      { Name: 'Region', Value: 'North', ControlType: 5, ParameterId: 13, ValueId: '1' },
      { Name: 'Offices', Value: 'Oslo, Bergen', ControlType: 6, ParameterId: 14, ValueId: '101\u001F102' },
      { Name: 'Name', Value: 'Acme', ControlType: 0, ParameterId: 99, ValueId: null },
    ] })).toEqual({ Region: '1', Offices: ['101', '102'], Name: 'Acme' });
  });
});
