import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, LinearProgress, Paper, Stack,
  Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ScreenComponentProps } from '../../../../engine/react/component-registry.ts';
import { itemsOf } from '../../transfer/errors.ts';
import { builderApi, builderUrl, runReportUrl, type BuiltListItem } from './builder-api.ts';

/** /reportmodule/build: the reports built on the forms the user may reach, each to edit, run or delete, and New. */
export default function BuilderListPage({ screen }: ScreenComponentProps) {
  const [reports, setReports] = useState<BuiltListItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BuiltListItem | null>(null);

  const load = useCallback(() => {
    builderApi.builtReports().then(setReports, (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The reports could not be loaded.'));
  }, []);
  useEffect(load, [load]);

  async function remove(report: BuiltListItem) {
    setDeleting(null);
    try {
      await builderApi.remove(report.ReportId);
      setFailure(null);
      load();
    } catch (error) {
      setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The report could not be deleted.');
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{screen.title}</Typography>
      <Typography color="text.secondary">{screen.description}</Typography>
      <Stack direction="row"><Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={builderUrl()}>New report</Button></Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!reports && !failure && <LinearProgress aria-label="Loading the built reports" />}
      {reports && !reports.length && <Typography>No report has been built on a form yet.</Typography>}
      {!!reports?.length && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Built reports">
            <TableHead>
              <TableRow><TableCell>Name</TableCell><TableCell>Form</TableCell><TableCell>Category</TableCell><TableCell>Description</TableCell><TableCell>Actions</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {reports.map((r) => (
                <TableRow key={r.ReportId}>
                  <TableCell>{r.ReportDispName}</TableCell>
                  <TableCell>{r.FormName}</TableCell>
                  <TableCell>{r.Category}</TableCell>
                  <TableCell>{r.Description}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton component={RouterLink} to={builderUrl(r.ReportId)} aria-label={`Edit ${r.ReportDispName}`}><EditIcon /></IconButton>
                    <Button component={RouterLink} to={runReportUrl(r.ReportId)} size="small" aria-label={`Run ${r.ReportDispName}`}>Run</Button>
                    <IconButton onClick={() => setDeleting(r)} aria-label={`Delete ${r.ReportDispName}`}><DeleteIcon /></IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-report-title">
        <DialogTitle id="delete-report-title">Delete the report?</DialogTitle>
        <DialogContent>
          <DialogContentText>{deleting?.ReportDispName} is deleted with its grants, favourites and schedules.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} autoFocus>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => deleting && void remove(deleting)}>Delete</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
