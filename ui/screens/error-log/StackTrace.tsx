import { Box, Button, Stack, Typography } from '@mui/material';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { copyToClipboard } from '../../../engine/react/notifications/copy-to-clipboard.ts';

/** An entry's stack trace as sent: monospace, lines kept, scrolled within its box (by keyboard too), and copied whole. */
export function StackTrace({ text }: { text: string }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2" id="stack-trace-heading" sx={{ fontSize: 16, fontWeight: 600 }}>Stack trace</Typography>
        {text && <Button size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copyToClipboard(text, 'stack trace')}>Copy</Button>}
      </Stack>
      {text ? (
        <Box
          component="pre" tabIndex={0} aria-labelledby="stack-trace-heading"
          sx={{
            m: 0, p: 2, maxHeight: 420, overflow: 'auto', whiteSpace: 'pre', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13, lineHeight: 1.6, bgcolor: 'action.hover', border: 1, borderColor: 'divider', borderRadius: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {text}
        </Box>
      ) : (
        <Typography color="text.secondary" variant="body2">No stack trace was sent with this entry (failed calls carry none).</Typography>
      )}
    </Stack>
  );
}
