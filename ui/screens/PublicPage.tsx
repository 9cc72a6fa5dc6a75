import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';

/** The frame of the public screens: a centred card under the product's mark. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 400, p: 4, border: 1, borderColor: 'divider' }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box aria-hidden sx={{ width: 36, height: 36, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700 }}>
              A
            </Box>
            <Typography variant="h1">{title}</Typography>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
