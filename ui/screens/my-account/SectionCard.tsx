import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';

export interface SectionCardProps {
  title: string;
  intro: string;
  editing: boolean;
  pending: boolean;
  /** The button that starts editing, e.g. 'Change User Name'. */
  startLabel: string;
  saveLabel: string;
  /** Save is offered once something changed. */
  canSave: boolean;
  onStart(): void;
  onCancel(): void;
  onSave(): void;
  children: ReactNode;
}

/** One change of My Account as a card: its fields, and Change, or Save and Cancel while editing (Enter saves). */
export function SectionCard({ title, intro, editing, pending, startLabel, saveLabel, canSave, onStart, onCancel, onSave, children }: SectionCardProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing && canSave && !pending) onSave();
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <div>
          <Typography variant="h2" id={titleId}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">{intro}</Typography>
        </div>
        {children}
        <Stack direction="row" spacing={1}>
          {editing ? (
            <>
              <Button type="submit" variant="contained" disabled={pending || !canSave}>{pending ? 'Please Wait...' : saveLabel}</Button>
              <Button onClick={onCancel} disabled={pending}>Cancel</Button>
            </>
          ) : (
            <Button variant="outlined" onClick={onStart}>{startLabel}</Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
