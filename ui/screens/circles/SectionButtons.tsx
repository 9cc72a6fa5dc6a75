import { Button, Stack } from '@mui/material';

export interface SectionButtonsProps {
  /** Names the buttons apart from the other sections' ('Save members', ...), for screen readers and tests. */
  what: string;
  dirty: boolean;
  busy: boolean;
  disabled?: boolean;
  onReset: () => void;
  onSave: () => void;
  onCancel?: () => void;
}

/** A section's own Reset and Save (and Cancel): Save waits for a change, and reads 'Please Wait...' while it runs. */
export function SectionButtons({ what, dirty, busy, disabled, onReset, onSave, onCancel }: SectionButtonsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {onCancel && <Button onClick={onCancel} disabled={busy} aria-label={`Cancel ${what}`}>Cancel</Button>}
      <Button variant="outlined" onClick={onReset} disabled={busy || disabled || !dirty} aria-label={`Reset ${what}`}>Reset</Button>
      <Button variant="contained" onClick={onSave} disabled={busy || disabled || !dirty} aria-label={`Save ${what}`}>
        {busy ? 'Please Wait...' : 'Save'}
      </Button>
    </Stack>
  );
}
