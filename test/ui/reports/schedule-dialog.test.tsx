import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScheduleDialog } from '../../../ui/screens/reports/ScheduleDialog.tsx';
import { lastRunText, placeScheduleErrors, scheduleBodyOf, whenText, type ScheduleForm } from '../../../ui/screens/reports/schedule-logic.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const schedule = (ScheduleId: number, ReportId: number) => ({
  ScheduleId, ReportId, ReportName: 'Sales', FavoriteId: 7, FavoriteName: 'January', Frequency: 'weekly', Weekday: 1, MonthDay: null, Time: '08:00',
  TimeZone: 'Europe/Oslo', Format: 'pdf', IsActive: true, NextRunAt: '2026-12-07T07:00:00.000Z', LastRunAt: null, LastStatus: null, LastError: null,
});
let schedules = [schedule(1, 2), schedule(2, 3)];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/reports/schedules' && init?.method === 'POST') {
    const body = JSON.parse(String(init.body));
    if (body.TimeZone === 'Mars/Olympus') return json([{ PropertyName: 'TimeZone', ErrorMessage: 'Mars/Olympus is not a time zone.', ErrorCode: 'TimeZone' }], 400);
    const made = { ...schedule(3, 2), ...body, ScheduleId: 3 };
    schedules = [...schedules, made];
    return json(made, 201);
  }
  if (url === '/api/reports/schedules') return json(schedules);
  return json([], 404);
});
beforeEach(() => {
  schedules = [schedule(1, 2), schedule(2, 3)];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('scheduling a favourite by e-mail', () => {
  const form: ScheduleForm = { frequency: 'monthly', weekday: 3, monthDay: 15, time: '07:30', timeZone: ' America/New_York ', format: 'csv' };

  it('sends the day the frequency needs and no other, and words the schedule and its last run', () => {
    expect(scheduleBodyOf(form, 2, 7)).toEqual({ ReportId: 2, FavoriteId: 7, Frequency: 'monthly', Weekday: null, MonthDay: 15, Time: '07:30', TimeZone: 'America/New_York', Format: 'csv' });
    expect(scheduleBodyOf({ ...form, frequency: 'weekly' }, 2, 7)).toMatchObject({ Weekday: 3, MonthDay: null });
    expect(scheduleBodyOf({ ...form, frequency: 'daily' }, 2, 7)).toMatchObject({ Weekday: null, MonthDay: null });
    expect(whenText({ Frequency: 'weekly', Weekday: 1, MonthDay: null, Time: '08:00', TimeZone: 'Europe/Oslo' })).toBe('Weekly on Monday at 08:00 (Europe/Oslo)');
    expect(lastRunText({ LastRunAt: 'x', LastStatus: 'failed', LastError: 'The report is no longer yours to run.' }, () => 'then')).toBe('then: failed (The report is no longer yours to run.)');
    expect(placeScheduleErrors([{ PropertyName: 'FavoriteId', ErrorMessage: 'Not yours.', ErrorCode: 'x' }, { PropertyName: 'Time', ErrorMessage: 'Bad time.', ErrorCode: 'x' }]))
      .toEqual({ fields: { time: 'Bad time.' }, other: ['Not yours.'] });
  });

  it("lists this report's schedules, prefills the browser's zone, shows a refused zone at its field, and lists a new one", async () => {
    render(<ScheduleDialog open reportId={2} favourite={{ UserFavoriteReportId: 7, Name: 'January', Params: [] }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Email me this report' });
    const list = await within(dialog).findByRole('table', { name: 'Your schedules of this report' });
    expect(within(list).getAllByRole('row')).toHaveLength(2);
    const zone = within(dialog).getByRole('textbox', { name: 'Time zone' }) as HTMLInputElement;
    expect(zone.value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Olympus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Mars/Olympus is not a time zone.')).toBeTruthy();
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Oslo');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Format' }), 'PDF');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    await vi.waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3));
    const body = JSON.parse(String(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)![1]!.body));
    expect(body).toEqual({ ReportId: 2, FavoriteId: 7, Frequency: 'weekly', Weekday: 1, MonthDay: null, Time: '08:00', TimeZone: 'Europe/Oslo', Format: 'pdf' });
  });
});
