import type { ReactNode } from 'react';
import { Paper, Skeleton, Stack, Typography } from '@mui/material';

/** Height a field takes before it is mounted, so the page does not jump as the rest of a long form arrives. */
const placeholderHeightPerField = 72;

/**
 * A titled section of a form (or the untitled whole): its mounted fields, and one placeholder for those
 * still to come.
 */
export function FormSection({ title, children, pending }: { title?: string; children: ReactNode; pending: number }) {
  // Each field's RJSF template keeps 10 px above and below; 6 px more gives the gap of one RJSF form's grid.
  const body = (
    <Stack spacing={0.75}>
      {children}
      {pending > 0 && <Skeleton variant="rounded" height={pending * placeholderHeightPerField} aria-hidden />}
    </Stack>
  );
  if (!title) return body;
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>{title}</Typography>
      {body}
    </Paper>
  );
}
