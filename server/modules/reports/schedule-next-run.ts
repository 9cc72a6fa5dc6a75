/** When a report schedule is next due: at its time of day, local to its IANA zone, on a day its frequency matches. */
export type Frequency = 'daily' | 'weekly' | 'monthly';

export interface ScheduleTiming {
  Frequency: Frequency;
  /** 0 Sunday .. 6 Saturday: weekly only. */
  Weekday?: number | null;
  /** 1..28 (every month has it): monthly only. */
  MonthDay?: number | null;
  /** HH:MM, 24-hour. */
  Time: string;
  TimeZone: string;
}

const dayMs = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows the zone (an IANA name such as Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in the zone at an instant, as if it were UTC (milliseconds). */
function wallClock(instant: number, zone: string): number {
  const parts = Object.fromEntries(formatterOf(zone).formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +2 h). */
export const offsetAt = (instant: number, zone: string) => wallClock(Math.floor(instant / 1000) * 1000, zone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a wall-clock time (given as if UTC) happens in the zone, as PostgreSQL's `at time zone` answers it:
 * a time the clocks skip (spring forward) is read with the offset before the change, so 02:30 happens at 03:30;
 * a time that happens twice (fall back) is read with the offset after the change, its second occurrence.
 */
export function instantOf(wall: number, zone: string): number {
  const before = offsetAt(wall - dayMs, zone);
  const after = offsetAt(wall + dayMs, zone);
  if (offsetAt(wall - after, zone) === after) return wall - after;
  if (offsetAt(wall - before, zone) === before) return wall - before;
  return wall - before;
}

const matches = (timing: ScheduleTiming, day: Date) =>
  timing.Frequency === 'daily'
  || (timing.Frequency === 'weekly' && day.getUTCDay() === timing.Weekday)
  || (timing.Frequency === 'monthly' && day.getUTCDate() === timing.MonthDay);

/** The first instant strictly after `after` at the schedule's local time on a day its frequency matches. */
export function nextRunAt(timing: ScheduleTiming, after: Date): Date {
  const [hours, minutes] = timing.Time.split(':').map(Number);
  const today = wallClock(after.getTime(), timing.TimeZone);
  const midnight = today - (today % dayMs);
  // A month and a bit covers every frequency, a day before today too (an earlier local day can still be ahead in UTC).
  for (let i = -1; i <= 32; i++) {
    const day = new Date(midnight + i * dayMs);
    if (!matches(timing, day)) continue;
    const at = instantOf(day.getTime() + (hours * 60 + minutes) * 60_000, timing.TimeZone);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error(`no run found for ${JSON.stringify(timing)}`);
}

/**
 * The same rule in SQL over a report_schedules row `s`, after the instant `after` (an SQL expression): the claim moves a
 * due schedule on in the one statement that takes it. PostgreSQL's `at time zone` reads skipped and repeated times as
 * instantOf does (the unit tests check both agree across daylight-saving changes).
 */
export const nextRunSql = (after: string) => `(select min(c.at) from generate_series(-1, 32) as g(i)
  cross join lateral (select (${after} at time zone s.time_zone)::date + g.i as day) as d
  cross join lateral (select (d.day + s.time_of_day::time) at time zone s.time_zone as at) as c
  where c.at > ${after} and (s.frequency = 'daily' or (s.frequency = 'weekly' and extract(dow from d.day) = s.weekday)
    or (s.frequency = 'monthly' and extract(day from d.day) = s.month_day)))`;
