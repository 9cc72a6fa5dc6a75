import { useId, type ReactNode } from 'react';
import { Box, FormLabel, Stack } from '@mui/material';

/** A labelled group of two inputs (a range): screen readers announce the group's label with each end. */
export function RangeGroup({ label, required, error, children }: { label: string; required?: boolean; error?: boolean; children: ReactNode }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} error={error} sx={{ display: 'block', mb: 1 }}>
        {label}
      </FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {children}
      </Stack>
    </Box>
  );
}

/** The messages of one part of a field from RJSF's error schema. */
export function partErrors(errorSchema: unknown, key: string): string[] {
  const part = (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key];
  return part?.__errors ?? [];
}
