import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { linkUrlFromInput } from './logic.ts';

interface LinkDialogProps {
  /** The address of the link at the caret, if any (the dialog then edits or removes it). */
  current: string | undefined;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Asks for a link's address; only http(s) and mailto: addresses are accepted ("example.org" gains https://). */
export function LinkDialog({ current, onApply, onRemove, onClose }: LinkDialogProps) {
  const [typed, setTyped] = useState(current ?? '');
  const [refused, setRefused] = useState(false);
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form sits inside the record's form in the React tree: its submit must not save the record.
    event.stopPropagation();
    const href = linkUrlFromInput(typed);
    if (!href) {
      setRefused(true);
      return;
    }
    onApply(href);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId} slotProps={{ paper: { component: 'form', onSubmit: submit } as object }}>
      <DialogTitle id={titleId}>{current ? 'Edit link' : 'Insert link'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Link address"
          placeholder="https://example.org"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setRefused(false);
          }}
          error={refused}
          helperText={refused ? 'Enter a web address (https://...) or an e-mail address (mailto:...).' : 'A web address or an e-mail address.'}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {current && (
          <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
            Remove link
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained">
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
