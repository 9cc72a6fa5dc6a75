import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { defaultMessages } from '../../engine/core/messages.ts';

export function LoadingScreen({ text = defaultMessages.loading }: { text?: string }) {
  return (
    <Box role="status" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}>
      <CircularProgress size={32} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
