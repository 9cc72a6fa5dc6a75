import { describe, expect, it } from 'vitest';
import { assertOutgoingDates, OutgoingDateError, outgoingDateErrors } from '../../../engine/core/dates/outgoing.ts';

const utcMessage = (name: string) => `${name} must be sent as a UTC date and time (ending in Z, +00:00 or -00:00).`;

describe('"Dates sent to the server must be real date values; local date-time strings must end in a UTC marker"', () => {
  it('accepts the markers Z, +00:00 and -00:00', () => {
    for (const value of ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000z', '2024-05-01T10:00:00+00:00', '2024-05-01T10:00:00-00:00']) {
      expect(() => assertOutgoingDates({ StartDate: value }), value).not.toThrow();
    }
  });

  it('rejects a local date-time string with an ErrorMessage naming the field', () => {
    expect(outgoingDateErrors({ StartDate: '2024-05-01T10:00:00' })).toEqual([
      { PropertyName: 'StartDate', ErrorMessage: utcMessage('StartDate'), ErrorCode: 'utcDate' },
    ]);
  });

  it('an offset other than UTC is not a UTC marker', () => {
    expect(outgoingDateErrors({ StartDate: '2024-05-01T10:00:00+02:00' })).toHaveLength(1);
  });

  it('a local mm/dd/yyyy date-time is rejected too', () => {
    expect(outgoingDateErrors({ When: '05/01/2024 10:00 AM' })).toEqual([
      { PropertyName: 'When', ErrorMessage: utcMessage('When'), ErrorCode: 'utcDate' },
    ]);
  });

  it("Date objects are sent as they are, but an invalid one reads '{0} is not a valid date.'", () => {
    expect(outgoingDateErrors({ StartDate: new Date() })).toEqual([]);
    expect(outgoingDateErrors({ StartDate: new Date('not a date') })).toEqual([
      { PropertyName: 'StartDate', ErrorMessage: 'StartDate is not a valid date.', ErrorCode: 'date' },
    ]);
  });

  it('walks nested objects and lists', () => {
    const payload = { Name: 'x', Items: [{ Due: '2024-05-01T10:00:00Z' }, { Due: '2024-05-01 10:00' }], Address: { Since: '2024-05-01T10:00' } };
    expect(outgoingDateErrors(payload).map((item) => item.PropertyName)).toEqual(['Due', 'Since']);
  });

  it('text that is not a date-time, day-only dates and the null date pass', () => {
    expect(outgoingDateErrors({ Name: '10:00 meeting', Day: '2024-05-01', Empty: '0001-01-01T00:00:00', N: 5, B: null })).toEqual([]);
  });

  it('assertOutgoingDates throws an OutgoingDateError carrying the error items', () => {
    try {
      assertOutgoingDates({ StartDate: '2024-05-01T10:00:00' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OutgoingDateError);
      expect((error as OutgoingDateError).items[0].ErrorMessage).toBe(utcMessage('StartDate'));
    }
  });
});
