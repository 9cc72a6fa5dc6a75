import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { clientLogoUrl } from './client-logo-url.ts';

/** The client logo, with the product's mark as the default image when there is none or it fails to load. */
function ClientLogo() {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void clientLogoUrl().then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, []);
  if (src) return <Box component="img" src={src} alt="Client logo" onError={() => setSrc(null)} sx={{ height: 36, maxWidth: 160, objectFit: 'contain' }} />;
  return (
    <Box aria-hidden sx={{ width: 36, height: 36, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700 }}>
      A
    </Box>
  );
}

/**
 * The frame of the public screens: a centred card under the client logo. Wider for reading (a bulletin) or for a
 * form of many fields (`wide`: a public built form, whose own title bar then names it, with no title here).
 */
export function PublicPage({ title, wide, maxWidth, children }: { title?: string; wide?: boolean; maxWidth?: number; children: ReactNode }) {
  const width = maxWidth ?? (wide ? 880 : 400);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper elevation={0} sx={{ width: '100%', maxWidth: width, p: width > 400 ? { xs: 2, sm: 4 } : 4, border: 1, borderColor: 'divider' }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ClientLogo />
            {title && <Typography variant="h1">{title}</Typography>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
