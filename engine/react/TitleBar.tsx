import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

export interface TitleBarProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons and links about the screen (Add, History, Print...), at the title's right. */
  actions?: ReactNode;
}

/**
 * A screen's title row: its heading and description, its actions at the right. On a phone (below `sm`) the actions
 * go under the title and wrap, so the row is never wider than the screen; a wider screen keeps them on one line.
 */
export function TitleBar({ title, description, actions }: TitleBarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      {/* A long unbroken title or description (an e-mail address, a URL) breaks rather than widen the page. */}
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="h1">{title}</Typography>
        {description && <Typography color="text.secondary">{description}</Typography>}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexShrink: 0, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
