import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';
import { recordInfoLines } from '../../../engine/core/dates/record-info.ts';

// Local dates, so the expectations hold in any time zone.
const may1 = new Date(2024, 4, 1, 13, 5);
const may2 = new Date(2024, 4, 2, 8, 30);
const may3 = new Date(2024, 4, 3, 23, 59);

describe('date display (spec 1 and 2 section 9)', () => {
  it('days read MM/dd/yyyy', () => {
    expect(formatDisplayDate(may1)).toBe('05/01/2024');
  });

  it('days with hours and minutes read MM/dd/yyyy hh:mm AM/PM', () => {
    expect(formatDisplayDate(may1, displayFormats.dateTime)).toBe('05/01/2024 01:05 PM');
    expect(formatDisplayDate(may2, displayFormats.time)).toBe('08:30 AM');
  });

  it('record info reads MM/dd/yyyy HH:mm; the user update screen dd/MM/yyyy HH:mm', () => {
    expect(formatDisplayDate(may1, displayFormats.recordInfo)).toBe('05/01/2024 13:05');
    expect(formatDisplayDate(may1, displayFormats.userUpdate)).toBe('01/05/2024 13:05');
  });

  it("an absent date or the null date shows 'Not Specified' (ActivationDate, LastLogin, PasswordLastChangedDate)", () => {
    for (const value of [null, undefined, '', '0001-01-01T00:00:00']) expect(formatDisplayDate(value), String(value)).toBe('Not Specified');
    expect(formatDisplayDate(null, displayFormats.date, '')).toBe('');
  });

  it('a server string shows in local time', () => {
    const utc = '2024-05-01T10:00:00Z';
    expect(formatDisplayDate(utc, displayFormats.recordInfo)).toBe(format(new Date(Date.UTC(2024, 4, 1, 10)), 'MM/dd/yyyy HH:mm'));
  });
});

describe("record info block: 'Deactivated on/Last updated on/Created on' with date MM/dd/yyyy HH:mm and the 'by' user", () => {
  const record = { CreatedDate: may1, CreatedBy: 'admin', ModifiedDate: may2, ModifiedBy: 'kofi', DeactivatedDate: may3, DeactivatedBy: 'ama' };

  it('an inactive record shows the deactivation first', () => {
    expect(recordInfoLines({ ...record, IsActive: false })).toEqual([
      'Deactivated on 05/03/2024 23:59 by ama',
      'Last updated on 05/02/2024 08:30 by kofi',
      'Created on 05/01/2024 13:05 by admin',
    ]);
  });

  it('an active record does not show deactivation details', () => {
    expect(recordInfoLines({ ...record, IsActive: true })).toEqual([
      'Last updated on 05/02/2024 08:30 by kofi',
      'Created on 05/01/2024 13:05 by admin',
    ]);
  });

  it('absent dates and the null date leave their line out; a missing user leaves out "by"', () => {
    expect(recordInfoLines({ CreatedDate: may1, ModifiedDate: '0001-01-01T00:00:00', IsActive: true })).toEqual(['Created on 05/01/2024 13:05']);
  });

  it('a "by" user object is named by its UserName, else its names', () => {
    expect(recordInfoLines({ CreatedDate: may1, CreatedBy: { UserName: 'admin' } })).toEqual(['Created on 05/01/2024 13:05 by admin']);
    expect(recordInfoLines({ CreatedDate: may1, CreatedBy: { FirstName: 'Ama', LastName: 'Owusu' } })).toEqual(['Created on 05/01/2024 13:05 by Ama Owusu']);
  });
});
