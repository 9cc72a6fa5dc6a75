import { useMemo, useState } from 'react';
import { Button, Checkbox, FormControlLabel, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { FormattedTextField } from '../shared/FormattedTextField.tsx';
import type { SelectOption } from '../shared/types.ts';
import { withStoredChoice } from '../select/logic.ts';
import { countryCodeCodec, entryNumberCodec, phoneEntryErrors, PHONE_ENTRY_LIMITS, type PhoneEntry, type PhoneFormType } from './logic.ts';

/** Props of the Add/Edit form of one phone number. */
export interface PhoneEntryFormProps {
  idPrefix: string;
  type: PhoneFormType;
  initial: PhoneEntry;
  phoneTypes: SelectOption[];
  onSave: (entry: PhoneEntry) => void;
  onCancel: () => void;
}

/** The Add or Edit form of one phone number; Save checks the entry before handing it back. */
export function PhoneEntryForm({ idPrefix, type, initial, phoneTypes, onSave, onCancel }: PhoneEntryFormProps) {
  const [entry, setEntry] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? phoneEntryErrors(entry) : {};
  const err = (key: keyof PhoneEntry) => ({ error: Boolean(errors[key]), helperText: errors[key]?.join(' ') });
  // Until the types arrive, the entry's stored type is offered on its own so it shows by name.
  const typeOptions = withStoredChoice(phoneTypes, entry.PhoneNumberType);
  const numberCodec = useMemo(() => entryNumberCodec(entry.CountryCode), [entry.CountryCode]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="form" aria-label={`${type} Phone Number`}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{`${type} Phone Number`}</Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField id={`${idPrefix}_type`} select fullWidth required label="Type" value={entry.PhoneNumberType?.Id ?? -1} {...err('PhoneNumberType')}
            onChange={(e) => {
              const t = typeOptions.find((o) => o.Id === Number(e.target.value));
              setEntry({ ...entry, PhoneNumberType: t ? { Id: t.Id, Name: t.Name } : null });
            }}>
            <MenuItem value={-1}>Please Select</MenuItem>
            {typeOptions.map((t) => <MenuItem key={t.Id} value={t.Id}>{t.Name ?? t.Id}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 4, sm: 2 }}>
          {/* Digits are stored; what is typed stays on screen as typed (no maxLength: a pasted '+44' or a formatted number is read whole). */}
          <FormattedTextField<string> id={`${idPrefix}_country`} fullWidth required label="Country Code" {...err('CountryCode')}
            codec={countryCodeCodec} value={entry.CountryCode} emptyValue=""
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
            onValueChange={(next) => setEntry((now) => ({ ...now, CountryCode: next ?? '' }))} />
        </Grid>
        <Grid size={{ xs: 8, sm: 4 }}>
          <FormattedTextField<string> id={`${idPrefix}_number`} fullWidth required label="Phone Number" {...err('PhoneNumber')}
            codec={numberCodec} value={entry.PhoneNumber} emptyValue=""
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
            onValueChange={(next) => setEntry((now) => ({ ...now, PhoneNumber: next ?? '' }))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField id={`${idPrefix}_ext`} fullWidth label="Extension" value={entry.Extension ?? ''} {...err('Extension')}
            slotProps={{ htmlInput: { maxLength: PHONE_ENTRY_LIMITS.Extension } }}
            onChange={(e) => setEntry({ ...entry, Extension: e.target.value })} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <FormControlLabel label="Primary" control={<Checkbox checked={entry.IsPrimary} onChange={(e) => setEntry({ ...entry, IsPrimary: e.target.checked })} />} />
        <Button variant="contained" onClick={() => {
          setTried(true);
          if (Object.keys(phoneEntryErrors(entry)).length === 0) onSave(entry);
        }}>Save</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Paper>
  );
}
