import { useMemo, useState } from 'react';
import { Button, Grid, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { resolveDatePickerConfig } from '../date-picker/config.ts';
import { DatePickerControl } from '../date-picker/DatePickerWidget.tsx';
import type { UsState } from '../data-context.tsx';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import { locationErrors, type Location } from './logic.ts';

/** Props of the add/edit form of one location. */
export interface LocationFormProps {
  idPrefix: string;
  title: string;
  initial: Location;
  states: UsState[];
  onSave: (location: Location) => void;
  onCancel: () => void;
}

/** The add/edit form of one location: venue, dates (MM/dd/yyyy) and address; Save checks it first. */
export function LocationForm({ idPrefix, title, initial, states, onSave, onCancel }: LocationFormProps) {
  const [location, setLocation] = useState(initial);
  const [tried, setTried] = useState(false);
  const config = useMemo(() => resolveDatePickerConfig({ minView: 'day' }), []);
  const errors = tried ? locationErrors(location) : {};
  const address = location.Address ?? {};
  const setAddress = (part: string, value: unknown) => setLocation({ ...location, Address: { ...address, [part]: value } });
  const line = (part: 'Address1' | 'Address2' | 'City' | 'ZipCode', label: string) => (
    <TextField id={`${idPrefix}_${part}`} fullWidth label={label} value={address[part] ?? ''} slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
      onChange={(e) => setAddress(part, e.target.value || undefined)} />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="form" aria-label={title}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField id={`${idPrefix}_venue`} fullWidth required label="Venue" value={location.Venue ?? ''}
            error={Boolean(errors.Venue)} helperText={errors.Venue?.join(' ')} slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
            onChange={(e) => setLocation({ ...location, Venue: e.target.value })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DatePickerControl id={`${idPrefix}_start`} label="Start Date" required config={config} dateOnly value={location.StartDate}
            error={Boolean(errors.StartDate)} onChange={(v) => setLocation({ ...location, StartDate: v })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DatePickerControl id={`${idPrefix}_end`} label="End Date" config={config} dateOnly value={location.EndDate}
            error={Boolean(errors.EndDate)} onChange={(v) => setLocation({ ...location, EndDate: v })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{line('Address1', 'Address 1')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{line('Address2', 'Address 2')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{line('City', 'City')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField id={`${idPrefix}_state`} select fullWidth label="State" value={address.State?.Id ?? -1}
            onChange={(e) => {
              const s = states.find((x) => x.Id === Number(e.target.value));
              setAddress('State', s ? { Id: s.Id, Name: s.Name } : null);
            }}>
            <MenuItem value={-1}>Please Select</MenuItem>
            {states.map((s) => <MenuItem key={s.Id} value={s.Id}>{s.Name}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{line('ZipCode', 'Zip Code')}</Grid>
      </Grid>
      {[...(errors.StartDate ?? []), ...(errors.EndDate ?? [])].map((m) => (
        <Stack key={m} sx={{ color: 'error.main', mt: 1 }}>{m}</Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => {
          setTried(true);
          if (Object.keys(locationErrors(location)).length === 0) onSave(location);
        }}>Save</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Paper>
  );
}
