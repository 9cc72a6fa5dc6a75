import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { itemsOf } from '../transfer/errors.ts';
import { formatCell } from './format.ts';
import type { Favourite } from './report-api.ts';
import { scheduleApi, type ReportSchedule } from './schedule-api.ts';
import { firstScheduleForm, formatLabels, isTime, lastRunText, placeScheduleErrors, scheduleBodyOf, weekdays, whenText, type ScheduleForm } from './schedule-logic.ts';

export interface ScheduleDialogProps {
  open: boolean;
  reportId: number;
  favourite: Favourite;
  onClose: () => void;
}

const shown = (iso: string) => formatCell(iso, { Type: 'datetime' });
const native = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** "Email me this report…": the loaded favourite mailed on a schedule, and the user's schedules of this report. */
export function ScheduleDialog({ open, reportId, favourite, onClose }: ScheduleDialogProps) {
  const [form, setForm] = useState<ScheduleForm>(firstScheduleForm);
  const [errors, setErrors] = useState(placeScheduleErrors([]));
  const [schedules, setSchedules] = useState<ReportSchedule[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = (change: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...change }));

  const reload = useCallback(() => {
    scheduleApi.list().then((all) => setSchedules(all.filter((s) => s.ReportId === reportId)),
      (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The schedules could not be loaded.'));
  }, [reportId]);
  useEffect(() => { if (open) reload(); }, [open, reload]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (!isTime(form.time)) return setErrors({ fields: { time: 'Give the time as HH:MM, from 00:00 to 23:59.' }, other: [] });
    try {
      const made = await scheduleApi.create(scheduleBodyOf(form, reportId, favourite.UserFavoriteReportId));
      setErrors(placeScheduleErrors([]));
      setNotice(`Scheduled: next sent ${shown(made.NextRunAt)}.`);
      reload();
    } catch (error) {
      setErrors(placeScheduleErrors(itemsOf(error)));
    }
  }

  async function act(what: () => Promise<unknown>, failed: string, done?: string) {
    setNotice(null);
    try {
      await what();
      setFailure(null);
      if (done) setNotice(done);
    } catch (error) {
      setFailure(itemsOf(error)[0]?.ErrorMessage ?? failed);
    }
    reload();
  }

  const fault = errors.fields;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="schedule-title" maxWidth="md" fullWidth>
      <DialogTitle id="schedule-title">Email me this report</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>The favourite <strong>{favourite.Name}</strong>, run under your access at each sending and mailed to you.</Typography>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="New schedule">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField select id="schedule-frequency" label="Frequency" value={form.frequency} slotProps={native} error={!!fault.frequency} helperText={fault.frequency}
              onChange={(e) => set({ frequency: e.target.value as ScheduleForm['frequency'] })}>
              <option value="daily">Daily</option><option value="weekly">Weekly</option><option value="monthly">Monthly</option>
            </TextField>
            {form.frequency === 'weekly' && (
              <TextField select id="schedule-weekday" label="Weekday" value={form.weekday} slotProps={native} error={!!fault.weekday} helperText={fault.weekday}
                onChange={(e) => set({ weekday: Number(e.target.value) })}>
                {weekdays.map((day, i) => <option key={day} value={i}>{day}</option>)}
              </TextField>
            )}
            {form.frequency === 'monthly' && (
              <TextField select id="schedule-month-day" label="Day of the month" value={form.monthDay} slotProps={native} error={!!fault.monthDay} helperText={fault.monthDay}
                onChange={(e) => set({ monthDay: Number(e.target.value) })}>
                {Array.from({ length: 28 }, (_, i) => <option key={i + 1} value={i + 1}>{i + 1}</option>)}
              </TextField>
            )}
            <TextField id="schedule-time" label="Time" type="time" value={form.time} slotProps={{ inputLabel: { shrink: true } }}
              error={!!fault.time} helperText={fault.time ?? 'HH:MM'} onChange={(e) => set({ time: e.target.value })} />
            <TextField id="schedule-time-zone" label="Time zone" value={form.timeZone} error={!!fault.timeZone} helperText={fault.timeZone ?? 'As IANA names it, e.g. Europe/Oslo'}
              onChange={(e) => set({ timeZone: e.target.value })} />
            <TextField select id="schedule-format" label="Format" value={form.format} slotProps={native} error={!!fault.format} helperText={fault.format}
              onChange={(e) => set({ format: e.target.value as ScheduleForm['format'] })}>
              {Object.entries(formatLabels).map(([key, label]) => <option key={key} value={key}>{label}</option>)}
            </TextField>
          </Stack>
          {errors.other.map((message) => <Alert key={message} severity="error" sx={{ mt: 1 }}>{message}</Alert>)}
          <Button type="submit" variant="contained" sx={{ mt: 2 }}>Schedule</Button>
        </Box>
        {notice && <Alert severity="success" sx={{ mt: 2 }} role="status">{notice}</Alert>}
        {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
        <Divider sx={{ my: 2 }} />
        <Typography component="h3" variant="subtitle1" id="schedules-title" sx={{ fontWeight: 600 }}>Your schedules of this report</Typography>
        {schedules && !schedules.length && <Typography variant="body2" color="text.secondary">None yet.</Typography>}
        {!!schedules?.length && (
          <Table size="small" aria-labelledby="schedules-title">
            <TableHead>
              <TableRow><TableCell>Favourite</TableCell><TableCell>When</TableCell><TableCell>Format</TableCell><TableCell>Next run</TableCell><TableCell>Last run</TableCell><TableCell>Actions</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {schedules.map((s) => (
                <TableRow key={s.ScheduleId}>
                  <TableCell>{s.FavoriteName}</TableCell>
                  <TableCell>{whenText(s)}</TableCell>
                  <TableCell>{formatLabels[s.Format]}</TableCell>
                  <TableCell>{shown(s.NextRunAt)}</TableCell>
                  <TableCell>{lastRunText(s, shown)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => void act(() => scheduleApi.sendNow(s.ScheduleId), 'It could not be sent.', 'Sent now: see its last run.')}
                      aria-label={`Send now: ${s.FavoriteName}`}>Send now</Button>
                    <IconButton aria-label={`Delete the schedule ${whenText(s)}`} onClick={() => void act(() => scheduleApi.remove(s.ScheduleId), 'The schedule could not be deleted.')}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>Close</Button></DialogActions>
    </Dialog>
  );
}
