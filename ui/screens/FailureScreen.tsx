import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export function FailureScreen({ message }: { message: string }) {
  return (
    <Box sx={{ p: 4, maxWidth: 640 }}>
      <Alert severity="error" action={<Button color="inherit" onClick={() => window.location.reload()}>Reload</Button>}>
        {message}
      </Alert>
    </Box>
  );
}
