import { describe, expect, it } from 'vitest';
import { isRealDate, parseUsDate } from '../../../engine/core/dates/us-date.ts';
import { messagesFor } from './helper.ts';

const notADate = ['Field Label is not a valid date.'];

describe('mm/dd/yyyy dates: "Date input rejects month above 12, year above 9000, and a day beyond the month\'s length"', () => {
  const usDate = { type: 'string', format: 'usDate' };

  it('accepts real dates in mm/dd/yyyy and m/d/yyyy', () => {
    for (const value of ['02/29/2024', '1/5/2024', '12/31/9000', '01/01/0001']) expect(messagesFor(usDate, value), value).toEqual([]);
  });

  it("rejects month above 12 with '{0} is not a valid date.'", () => {
    expect(messagesFor(usDate, '13/01/2024')).toEqual(notADate);
  });

  it('rejects year above 9000', () => {
    expect(messagesFor(usDate, '01/01/9001')).toEqual(notADate);
  });

  it("rejects a day beyond the month's length (31 April, 30 February, 29 February of a common year)", () => {
    for (const value of ['04/31/2024', '02/30/2024', '02/29/2023']) expect(messagesFor(usDate, value), value).toEqual(notADate);
  });

  it('rejects month or day 0 and other shapes', () => {
    for (const value of ['00/10/2024', '10/00/2024', '2024-01-01', '1/1/24']) expect(messagesFor(usDate, value), value).toEqual(notADate);
  });

  it('with a 12-hour time: mm/dd/yyyy hh:mm AM/PM', () => {
    const usDateTime = { type: 'string', format: 'usDateTime' };
    for (const value of ['05/01/2024 01:05 PM', '5/1/2024 12:00am']) expect(messagesFor(usDateTime, value), value).toEqual([]);
    for (const value of ['05/01/2024 13:05 PM', '05/01/2024 01:60 PM', '02/30/2024 01:00 PM', '05/01/2024 01:05']) {
      expect(messagesFor(usDateTime, value), value).toEqual(notADate);
    }
  });

  it('with a 24-hour time: mm/dd/yyyy HH:mm', () => {
    const usDateTime24 = { type: 'string', format: 'usDateTime24' };
    for (const value of ['05/01/2024 13:05', '05/01/2024 00:00']) expect(messagesFor(usDateTime24, value), value).toEqual([]);
    for (const value of ['05/01/2024 24:00', '02/30/2024 10:00']) expect(messagesFor(usDateTime24, value), value).toEqual(notADate);
  });

  it('ISO date formats read the same date message', () => {
    expect(messagesFor({ type: 'string', format: 'date' }, '2024-02-30')).toEqual(notADate);
  });
});

describe('parseUsDate and isRealDate', () => {
  it('12:05 AM is just after midnight and 12:05 PM just after noon', () => {
    expect(parseUsDate('05/01/2024 12:05 AM', 'usDateTime')?.getHours()).toBe(0);
    expect(parseUsDate('05/01/2024 12:05 PM', 'usDateTime')?.getHours()).toBe(12);
    expect(parseUsDate('05/01/2024 01:05 PM', 'usDateTime')?.getHours()).toBe(13);
  });

  it('gives the local calendar day written', () => {
    const date = parseUsDate('02/29/2024');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2024, 1, 29]);
  });

  it('knows leap years: 2000 is one, 1900 is not', () => {
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(1900, 2, 29)).toBe(false);
  });
});
