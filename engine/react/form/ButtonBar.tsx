import { memo } from 'react';
import { Button, Stack } from '@mui/material';
import type { FormMode } from '../../core/forms/types.ts';

export type ButtonSet = 'Create' | 'Update' | 'UpdateDelete' | 'UpdateDeleteDeactivate' | 'Delete';

export interface ButtonBarProps {
  set: ButtonSet | 'Read';
  pristine: boolean;
  busy: boolean;
  /** The record is inactive: Deactivate is disabled. */
  inactive: boolean;
  readOnly: boolean;
  onDelete?: () => void;
  onDeactivate?: () => void;
  /** Opens a copy of the record (the screen's copy): offered by the update sets only. */
  onCopy?: () => void;
  onCancel: () => void;
  /** What Save reads when it creates, where 'Create' would not say it (a visitor's 'Send'). */
  createLabel?: string;
}

/** The button set for a mode unless the screen declares one (spec 2 section 4 "Records"). */
export function defaultButtonSet(mode: FormMode, declared: Partial<Record<'create' | 'update' | 'delete', ButtonSet>> = {}): ButtonSet | 'Read' {
  if (mode === 'read') return 'Read';
  return declared[mode] ?? ({ create: 'Create', update: 'Update', delete: 'Delete' } as const)[mode];
}

/**
 * Save is disabled while the form is pristine or a write is in flight, and then reads 'Please Wait...'.
 * A read-only record offers only Cancel.
 */
export const ButtonBar = memo(function ButtonBar({ set, pristine, busy, inactive, readOnly, onDelete, onDeactivate, onCopy, onCancel, createLabel = 'Create' }: ButtonBarProps) {
  const save = ['Create', 'Update', 'UpdateDelete', 'UpdateDeleteDeactivate'].includes(set) && !readOnly;
  const del = ['UpdateDelete', 'UpdateDeleteDeactivate', 'Delete'].includes(set) && !readOnly && onDelete;
  const deactivate = ['UpdateDeleteDeactivate', 'Delete'].includes(set) && !readOnly && onDeactivate;
  // A copy changes nothing of the record, so a read-only one (role 1) may be copied too.
  const copy = ['Update', 'UpdateDelete', 'UpdateDeleteDeactivate'].includes(set) && onCopy;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', pt: 1 }}>
      {copy && <Button variant="outlined" disabled={busy} onClick={onCopy} sx={{ mr: 'auto' }}>Copy</Button>}
      {deactivate && <Button variant="outlined" color="warning" disabled={busy || inactive} onClick={onDeactivate}>Deactivate</Button>}
      {del && <Button variant={set === 'Delete' ? 'contained' : 'outlined'} color="error" disabled={busy} onClick={onDelete}>{busy && set === 'Delete' ? 'Please Wait...' : 'Delete'}</Button>}
      <Button variant="text" onClick={onCancel} disabled={busy && !save}>Cancel</Button>
      {save && (
        <Button type="submit" variant="contained" disabled={pristine || busy}>
          {busy ? 'Please Wait...' : set === 'Create' ? createLabel : 'Save'}
        </Button>
      )}
    </Stack>
  );
});
