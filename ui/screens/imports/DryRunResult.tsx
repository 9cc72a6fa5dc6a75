import { Alert, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ImportJob } from './import-api.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the dry run found: the counts, and each bad row with its number, field and message (the first thousand). */
export function DryRunResult({ job }: { job: ImportJob }) {
  const good = job.TotalRows - job.BadRows;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} role="status" aria-label="Dry run result">
        <Chip label={`${plural(job.TotalRows, 'row')} checked`} />
        <Chip color="success" variant="outlined" label={`${plural(good, 'good row')}`} />
        <Chip color={job.BadRows ? 'error' : 'default'} variant="outlined" label={`${plural(job.BadRows, 'bad row')}`} />
      </Stack>
      {job.BadRows === 0 ? <Alert severity="success">Every row can be imported.</Alert> : (
        <>
          <Typography color="text.secondary">
            These rows cannot be imported as they are. Correct the file and choose it again, or import the other rows and skip these.
            {job.Errors.length < job.BadRows ? ` The first ${job.Errors.length.toLocaleString('en-US')} problems are listed.` : ''}
          </Typography>
          <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="Bad rows">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 90 }}>Row</TableCell>
                  <TableCell sx={{ width: 220 }}>Field</TableCell>
                  <TableCell>Problem</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {job.Errors.map((e, i) => (
                  <TableRow key={i}>
                    <TableCell>{e.Row}</TableCell>
                    <TableCell>{e.Field ?? ''}</TableCell>
                    <TableCell>{e.Message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
