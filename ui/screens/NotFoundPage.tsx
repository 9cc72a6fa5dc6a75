import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';

export function NotFoundPage() {
  return (
    <Box sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>Page not found</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no page at this address, or you do not have access to it.
      </Typography>
      <Button component={RouterLink} to="/home" variant="contained">Go to Home</Button>
    </Box>
  );
}
