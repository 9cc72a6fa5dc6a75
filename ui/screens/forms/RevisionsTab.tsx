import { useEffect, useState } from 'react';
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { FormRevision } from '../../../engine/core/lowcode/api.ts';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { ApiError } from '../../api/client.ts';
import { formApi } from './form-api.ts';

/** The Revisions tab: every change to the form's definition, newest first, as the server answers them. */
export function RevisionsTab({ formId }: { formId: number }) {
  const [revisions, setRevisions] = useState<FormRevision[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    formApi.revisions(formId).then((loaded) => { if (live) setRevisions(loaded); }, (error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error'));
    });
    return () => { live = false; };
  }, [formId]);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!revisions) return <Box sx={{ py: 2 }}><LinearProgress aria-label="Loading the revisions" /></Box>;
  if (!revisions.length) return <Typography color="text.secondary">No changes to this form have been recorded yet.</Typography>;
  return (
    <Table size="small" aria-label="Revisions">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 96 }}>Revision</TableCell>
          <TableCell sx={{ width: 180 }}>When</TableCell>
          <TableCell sx={{ width: 160 }}>Who</TableCell>
          <TableCell>Change</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {revisions.map((r) => (
          <TableRow key={r.Revision}>
            <TableCell>{r.Revision}</TableCell>
            <TableCell>{formatDisplayDate(r.ChangedAt, displayFormats.recordInfo)}</TableCell>
            <TableCell>{r.ChangedBy ?? 'Unknown user'}</TableCell>
            <TableCell>{r.Summary}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
