import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, IconButton, InputAdornment,
  LinearProgress, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { contactFormKey, publicFormLimits, publicFormUrl, type PublicFormChange, type PublicFormSettings } from '../../../engine/core/lowcode/public-forms.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { ConfirmDialog } from '../../../engine/react/form/ConfirmDialog.tsx';
import { copyToClipboard } from '../../../engine/react/notifications/copy-to-clipboard.ts';
import { ApiError } from '../../api/client.ts';
import { ErrorList } from '../ErrorList.tsx';
import { publicFormCalls } from './public-form-api.ts';
import { PublicNotifications } from './PublicNotifications.tsx';

const changeOf = ({ IsPublic, FieldIds, Honeypot, MinFillSeconds, MaxPerHour, NotifyTo, NotifyAddress, ConfirmFieldId }: PublicFormSettings): PublicFormChange =>
  ({ IsPublic, FieldIds, Honeypot, MinFillSeconds, MaxPerHour, NotifyTo, NotifyAddress, ConfirmFieldId });
/** Fields whose refusals show beside them, not in the list above the Save button. */
const shownAtField = ['FieldIds', 'NotifyAddress', 'ConfirmFieldId'];
const itemsOf = (error: unknown): ErrorItem[] => (error instanceof ApiError ? error.items : [{ PropertyName: null, ErrorMessage: noticeText('Update', 'error'), ErrorCode: 'Failed' }]);

/** The form's public address: shown with a copy button, and renewed on request (the old one stops answering). */
function AddressRow({ settings, onRenew, busy }: { settings: PublicFormSettings; onRenew(): void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!settings.PublicKey) return <Typography color="text.secondary">The address is made when the settings are first saved.</Typography>;
  const address = `${window.location.origin}${publicFormUrl(settings.PublicKey)}`;
  // The contact page draws the form of the contact key: its address is not renewed (the server refuses it too).
  const isContact = settings.PublicKey === contactFormKey;
  const state = settings.IsPublic ? 'Anyone with this address can send a response.' : 'Not answering: the form is not public.';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        label="Address" value={address} size="small" fullWidth
        helperText={isContact ? `${state} The Contact Us page (/customercare/contactus) shows this form.` : state}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title="Copy the address">
                  <IconButton aria-label="Copy the address" onClick={() => void copyToClipboard(address, 'address')} edge="end"><ContentCopyIcon fontSize="small" /></IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {!isContact && <Button onClick={() => setAsking(true)} disabled={busy} sx={{ flexShrink: 0 }}>New address</Button>}
      <ConfirmDialog
        open={asking} title="Give the form a new address?" confirmLabel="New address"
        text="The current address stops working at once: anyone who has it will find the form gone."
        onCancel={() => setAsking(false)} onConfirm={() => { setAsking(false); onRenew(); }}
      />
    </Stack>
  );
}

/**
 * The Public tab of a built form (issue 32): whether visitors may fill it at its own address, which fields they fill,
 * and its protection against bots. The server refuses publishing a form whose required field is not offered.
 */
export function PublicTab({ formId }: { formId: number }) {
  const [settings, setSettings] = useState<PublicFormSettings | null>(null);
  const [draft, setDraft] = useState<PublicFormChange | null>(null);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    publicFormCalls.settings(formId).then((loaded) => { if (live) { setSettings(loaded); setDraft(changeOf(loaded)); } }, (error: unknown) => { if (live) setErrors(itemsOf(error)); });
    return () => { live = false; };
  }, [formId]);

  if (!settings || !draft) return errors.length ? <ErrorList items={errors} /> : <Box sx={{ py: 2 }}><LinearProgress aria-label="Loading the public settings" /></Box>;

  const change = (next: Partial<PublicFormChange>) => { setDraft({ ...draft, ...next }); setSaved(false); };
  const run = async (call: () => Promise<PublicFormSettings>) => {
    setBusy(true);
    setErrors([]);
    try {
      const next = await call();
      setSettings(next);
      setDraft(changeOf(next));
      setSaved(true);
    } catch (error) {
      setErrors(itemsOf(error));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = errors.find((e) => e.PropertyName === 'FieldIds')?.ErrorMessage;
  const limit = (name: 'MinFillSeconds' | 'MaxPerHour', label: string, help: string, max: number) => (
    <TextField
      label={label} type="number" size="small" value={draft[name]} helperText={help} sx={{ maxWidth: 320 }}
      slotProps={{ htmlInput: { min: 0, max, step: 1 } }}
      onChange={(e) => change({ [name]: Math.max(0, Math.min(max, Math.floor(Number(e.target.value) || 0))) })}
    />
  );

  return (
    <Stack component="form" spacing={3} noValidate aria-label="Public form settings" onSubmit={(e) => { e.preventDefault(); void run(() => publicFormCalls.save(formId, draft)); }}>
      <FormControlLabel
        control={<Switch checked={draft.IsPublic} onChange={(e) => change({ IsPublic: e.target.checked })} />}
        label="Public: anyone with the address can send a response, without signing in"
      />
      <AddressRow settings={settings} busy={busy} onRenew={() => void run(() => publicFormCalls.newKey(formId))} />
      <FormControl error={Boolean(fieldError)} component="fieldset">
        <FormLabel component="legend">Fields a visitor fills (and sees)</FormLabel>
        <FormGroup>
          {settings.Fields.map((field) => (
            <FormControlLabel
              key={field.FormFieldId} disabled={!field.CanOffer}
              label={`${field.Title}${field.Required ? ' (required)' : ''}${field.CanOffer ? '' : ': needs a signed-in user'}`}
              control={(
                <Checkbox
                  checked={draft.FieldIds.includes(field.FormFieldId)}
                  onChange={(e) => change({ FieldIds: e.target.checked ? [...draft.FieldIds, field.FormFieldId] : draft.FieldIds.filter((id) => id !== field.FormFieldId) })}
                />
              )}
            />
          ))}
        </FormGroup>
        <FormHelperText>{fieldError ?? 'Visitors see nothing else of the form: no records, and of a list only its options.'}</FormHelperText>
      </FormControl>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">Protection against bots</Typography>
        <FormControlLabel
          control={<Checkbox checked={draft.Honeypot} onChange={(e) => change({ Honeypot: e.target.checked })} />}
          label="Hidden trap field: a response that fills it is taken as a bot's and not stored"
        />
        {limit('MinFillSeconds', 'Minimum fill time (seconds)', 'A response sent sooner after the page opened is refused. 0: off.', publicFormLimits.maxMinFillSeconds)}
        {limit('MaxPerHour', 'Responses per address per hour', 'More from one address within an hour are refused. 0: no limit.', publicFormLimits.maxPerHour)}
      </Stack>
      <PublicNotifications settings={settings} draft={draft} errors={errors} change={change} />
      <ErrorList items={errors.filter((e) => !shownAtField.includes(e.PropertyName ?? ''))} />
      {fieldError && <Alert severity="error">{fieldError}</Alert>}
      {saved && !errors.length && <Alert severity="success" role="status">The public settings were saved.</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>{busy ? 'Please Wait...' : 'Save'}</Button>
      </Box>
    </Stack>
  );
}
