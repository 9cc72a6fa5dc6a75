import { Stack, Typography } from '@mui/material';
import { recordInfoLines } from '../../core/dates/record-info.ts';

/** 'Deactivated on / Last updated on / Created on' with the date and the 'by' user (spec 2). */
export function RecordInfo({ record }: { record: Record<string, unknown> }) {
  const lines = recordInfoLines(record as Parameters<typeof recordInfoLines>[0]);
  if (!lines.length) return null;
  return (
    <Stack component="aside" aria-label="Record information" spacing={0.25} sx={{ color: 'text.secondary' }}>
      {lines.map((line) => <Typography key={line} variant="body2">{line}</Typography>)}
    </Stack>
  );
}
