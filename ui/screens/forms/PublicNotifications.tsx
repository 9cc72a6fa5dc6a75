import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { NotifyTarget, PublicFormChange, PublicFormSettings } from '../../../engine/core/lowcode/public-forms.ts';

const targets: Array<{ value: NotifyTarget; label: string }> = [
  { value: 'none', label: 'No one' },
  { value: 'contactAddress', label: 'The contact address from the client settings (follows the setting when it changes)' },
  { value: 'address', label: 'This address' },
];

const errorOf = (errors: ErrorItem[], name: string) => errors.find((e) => e.PropertyName === name)?.ErrorMessage;

/**
 * The e-mails a visitor's new record sends (issue 32): its offered fields to an address, and a confirmation to the
 * visitor at one of the offered e-mail fields, which repeats nothing they typed. The server checks both.
 */
export function PublicNotifications({ settings, draft, errors, change }: { settings: PublicFormSettings; draft: PublicFormChange; errors: ErrorItem[]; change(next: Partial<PublicFormChange>): void }) {
  const emailFields = settings.Fields.filter((f) => f.IsEmail && f.CanOffer && draft.FieldIds.includes(f.FormFieldId));
  const addressError = errorOf(errors, 'NotifyAddress');
  // A chosen field no longer offered is shown as none chosen, with the refusal its save would meet.
  const confirmValue = emailFields.some((f) => f.FormFieldId === draft.ConfirmFieldId) ? draft.ConfirmFieldId! : '';
  const confirmError = errorOf(errors, 'ConfirmFieldId') ?? (draft.ConfirmFieldId !== null && confirmValue === '' ? 'The chosen e-mail field is no longer offered: offer it again or choose another.' : undefined);
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">E-mails for each response</Typography>
      <FormControl component="fieldset">
        <FormLabel component="legend">Send the response to</FormLabel>
        <RadioGroup value={draft.NotifyTo} onChange={(e) => change({ NotifyTo: e.target.value as NotifyTarget, ...(e.target.value === 'address' ? {} : { NotifyAddress: null }) })}>
          {targets.map((t) => <FormControlLabel key={t.value} value={t.value} control={<Radio />} label={t.label} />)}
        </RadioGroup>
      </FormControl>
      {draft.NotifyTo === 'address' && (
        <TextField
          label="Address to notify" type="email" size="small" sx={{ maxWidth: 420 }} required
          value={draft.NotifyAddress ?? ''} error={Boolean(addressError)} helperText={addressError ?? 'Each response is sent here with the fields the visitor filled.'}
          onChange={(e) => change({ NotifyAddress: e.target.value || null })}
        />
      )}
      <TextField
        select label="Confirmation to the visitor" size="small" sx={{ maxWidth: 420 }}
        value={confirmValue} error={Boolean(confirmError)}
        helperText={confirmError ?? (emailFields.length ? 'Sent to the address the visitor gives in this field; it repeats nothing they typed.' : 'Offer an e-mail field to send the visitor a confirmation.')}
        onChange={(e) => change({ ConfirmFieldId: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <MenuItem value="">None</MenuItem>
        {emailFields.map((f) => <MenuItem key={f.FormFieldId} value={f.FormFieldId}>{f.Title}</MenuItem>)}
      </TextField>
    </Stack>
  );
}
