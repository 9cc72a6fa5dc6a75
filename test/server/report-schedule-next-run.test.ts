import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { nextRunAt, nextRunSql, type ScheduleTiming } from '../../server/modules/reports/schedule-next-run.ts';

const at = (iso: string) => new Date(iso);

/** [what, the schedule, after, the next run] */
const cases: Array<[string, ScheduleTiming, string, string]> = [
  ['Berlin, daily 09:00, the day summer time starts (CET +1 to CEST +2)', { Frequency: 'daily', Time: '09:00', TimeZone: 'Europe/Berlin' }, '2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z'],
  ['Berlin, daily 09:00, the day after', { Frequency: 'daily', Time: '09:00', TimeZone: 'Europe/Berlin' }, '2026-03-29T07:00:00Z', '2026-03-30T07:00:00Z'],
  ['Berlin, daily 02:30, a time the clocks skip: at 03:30 summer time', { Frequency: 'daily', Time: '02:30', TimeZone: 'Europe/Berlin' }, '2026-03-28T12:00:00Z', '2026-03-29T01:30:00Z'],
  ['Berlin, daily 02:30, a time that happens twice: its second occurrence', { Frequency: 'daily', Time: '02:30', TimeZone: 'Europe/Berlin' }, '2026-10-24T12:00:00Z', '2026-10-25T01:30:00Z'],
  ['Berlin, daily 09:00, the day summer time ends', { Frequency: 'daily', Time: '09:00', TimeZone: 'Europe/Berlin' }, '2026-10-24T07:00:00Z', '2026-10-25T08:00:00Z'],
  ['New York, daily 08:00, the day daylight time starts (EST -5 to EDT -4)', { Frequency: 'daily', Time: '08:00', TimeZone: 'America/New_York' }, '2026-03-07T13:00:00Z', '2026-03-08T12:00:00Z'],
  ['New York, daily 02:15, skipped: at 03:15 daylight time', { Frequency: 'daily', Time: '02:15', TimeZone: 'America/New_York' }, '2026-03-07T12:00:00Z', '2026-03-08T07:15:00Z'],
  ['New York, daily 08:00, the day daylight time ends', { Frequency: 'daily', Time: '08:00', TimeZone: 'America/New_York' }, '2026-10-31T12:00:00Z', '2026-11-01T13:00:00Z'],
  ['New York, daily 23:30, later today locally though tomorrow in UTC', { Frequency: 'daily', Time: '23:30', TimeZone: 'America/New_York' }, '2026-11-28T03:00:00Z', '2026-11-28T04:30:00Z'],
  ['New York, weekly on Monday 07:15, from a Friday night', { Frequency: 'weekly', Weekday: 1, Time: '07:15', TimeZone: 'America/New_York' }, '2026-11-28T04:00:00Z', '2026-11-30T12:15:00Z'],
  ['Auckland, weekly on Monday 06:00, already Monday there while Sunday in UTC', { Frequency: 'weekly', Weekday: 1, Time: '06:00', TimeZone: 'Pacific/Auckland' }, '2026-11-29T16:00:00Z', '2026-11-29T17:00:00Z'],
  ['Berlin, weekly on Sunday 10:00, exactly at a run: the next week', { Frequency: 'weekly', Weekday: 0, Time: '10:00', TimeZone: 'Europe/Berlin' }, '2026-11-29T09:00:00Z', '2026-12-06T09:00:00Z'],
  ['New York, monthly on the 28th 23:30, February', { Frequency: 'monthly', MonthDay: 28, Time: '23:30', TimeZone: 'America/New_York' }, '2026-02-28T12:00:00Z', '2026-03-01T04:30:00Z'],
  ['New York, monthly on the 28th 23:30, then March in daylight time', { Frequency: 'monthly', MonthDay: 28, Time: '23:30', TimeZone: 'America/New_York' }, '2026-03-01T04:30:00Z', '2026-03-29T03:30:00Z'],
  ['Berlin, monthly on the 1st 00:00, over the new year', { Frequency: 'monthly', MonthDay: 1, Time: '00:00', TimeZone: 'Europe/Berlin' }, '2026-12-15T10:00:00Z', '2026-12-31T23:00:00Z'],
];

describe('the next run of a report schedule', () => {
  it.each(cases)('%s', (_, timing, after, expected) => {
    expect(nextRunAt(timing, at(after)).toISOString()).toBe(at(expected).toISOString());
  });

  it('runs on every matching day, at its local time, over a year of daylight-saving changes', () => {
    const timing: ScheduleTiming = { Frequency: 'daily', Time: '09:00', TimeZone: 'Europe/Berlin' };
    let run = at('2026-01-01T00:00:00Z');
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let i = 0; i < 365; i++) {
      const next = nextRunAt(timing, run);
      expect(local.format(next)).toBe('09:00');
      expect(next.getTime() - run.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
      run = next;
    }
  });
});

// The claim moves a due schedule on in SQL: the database must agree with the function on every case.
describe('the next run as the database computes it in the claim', () => {
  let db: PGlite;
  beforeAll(async () => { db = new PGlite(); });
  afterAll(async () => db.close());

  it.each(cases)('%s', async (_, timing, after, expected) => {
    const { rows } = await db.query<{ at: Date }>(`select ${nextRunSql(`'${after}'::timestamptz`)} as at
      from (select $1::text as frequency, $2::smallint as weekday, $3::smallint as month_day, $4::text as time_of_day, $5::text as time_zone) as s`,
    [timing.Frequency, timing.Weekday ?? null, timing.MonthDay ?? null, timing.Time, timing.TimeZone]);
    expect(new Date(rows[0].at).toISOString()).toBe(at(expected).toISOString());
  });
});
