import { describe, expect, it } from 'vitest';
import { convertIncomingDates, toLocalDate } from '../../../engine/core/dates/incoming.ts';
import { fromNullDate, isNullDate, NULL_DATE, toNullDate } from '../../../engine/core/dates/null-date.ts';

const may1At10Utc = Date.UTC(2024, 4, 1, 10, 0, 0);

describe('incoming date fields are converted from UTC to local dates', () => {
  it('a UTC string becomes the same instant as a Date', () => {
    expect(toLocalDate('2024-05-01T10:00:00Z')?.getTime()).toBe(may1At10Utc);
    expect(toLocalDate('2024-05-01T12:00:00+02:00')?.getTime()).toBe(may1At10Utc);
  });

  it('a date-time without a marker is read as UTC, since the server speaks UTC', () => {
    expect(toLocalDate('2024-05-01T10:00:00')?.getTime()).toBe(may1At10Utc);
    expect(toLocalDate('2024-05-01T10:00:00.000')?.getTime()).toBe(may1At10Utc);
  });

  it('a date alone is that calendar day', () => {
    const day = toLocalDate('2024-05-01');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2024, 4, 1]);
  });

  it('the null date 0001-01-01T00:00:00, empty and unreadable values become null', () => {
    for (const value of [NULL_DATE, '0001-01-01T00:00:00Z', '', null, undefined, 'soon', 42]) expect(toLocalDate(value), String(value)).toBeNull();
  });

  it('converts CreatedDate, ModifiedDate and DeactivatedDate at any depth, leaving other fields', () => {
    const incoming = {
      Name: 'Admins',
      CreatedDate: '2024-05-01T10:00:00Z',
      ModifiedDate: '2024-05-01T10:00:00',
      DeactivatedDate: NULL_DATE,
      StartTime: '2024-05-01T10:00:00Z',
      Items: [{ CreatedDate: '2024-05-01T10:00:00Z' }],
    };
    const local = convertIncomingDates(incoming);
    expect(local.CreatedDate?.getTime()).toBe(may1At10Utc);
    expect(local.ModifiedDate?.getTime()).toBe(may1At10Utc);
    expect(local.DeactivatedDate).toBeNull();
    expect(local.StartTime).toBe('2024-05-01T10:00:00Z');
    expect(local.Items[0].CreatedDate).toBeInstanceOf(Date);
    expect(incoming.CreatedDate).toBe('2024-05-01T10:00:00Z');
  });

  it('converts the fields a screen lists (LastLogin, ActivationDate)', () => {
    const local = convertIncomingDates({ LastLogin: '2024-05-01T10:00:00Z', ActivationDate: NULL_DATE }, ['LastLogin', 'ActivationDate']);
    expect(local.LastLogin?.getTime()).toBe(may1At10Utc);
    expect(local.ActivationDate).toBeNull();
  });
});

describe('"The null date is 0001-01-01T00:00:00"', () => {
  it('reads as null and null writes as it', () => {
    expect(isNullDate('0001-01-01T00:00:00')).toBe(true);
    expect(isNullDate('0001-01-01T00:00:01')).toBe(false);
    expect(fromNullDate('0001-01-01T00:00:00')).toBeNull();
    expect(fromNullDate('2024-05-01T10:00:00Z')).toBe('2024-05-01T10:00:00Z');
    expect(toNullDate(null)).toBe('0001-01-01T00:00:00');
    expect(toNullDate('2024-05-01T10:00:00Z')).toBe('2024-05-01T10:00:00Z');
  });
});
