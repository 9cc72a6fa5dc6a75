import { Suspense } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { publicFormMessages } from '../../../engine/core/lowcode/public-forms.ts';
import { PublicPage } from '../PublicPage.tsx';
import { Honeypot, LazyFormScreen, usePublicForm } from './public-form-parts.tsx';

const loading = <LinearProgress aria-label="Loading the form" />;

/**
 * /public/form/{key} (issue 32): a built form published to the public, filled without signing in. It is drawn by the
 * engine's FormScreen from what the server offers (the chosen fields only); the server's refusals show at their fields.
 */
export default function PublicFormPage() {
  const { key = '' } = useParams();
  const { loaded, trap, setTrap, opening, save, done, again } = usePublicForm(key);

  if (loaded.state === 'loading') return <PublicPage wide>{loading}</PublicPage>;
  if (loaded.state === 'missing') return <PublicPage title="Form not available"><Alert severity="warning">{loaded.notFound ? publicFormMessages.notFound : loaded.message}</Alert></PublicPage>;
  if (loaded.state === 'sent') {
    return (
      <PublicPage wide>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h1">Thank you</Typography>
          <Alert severity="success" role="status" sx={{ alignSelf: 'stretch' }}>{publicFormMessages.thanks}</Alert>
          <Button variant="contained" onClick={again}>Send another</Button>
        </Stack>
      </PublicPage>
    );
  }

  const { definition } = loaded;
  return (
    <PublicPage wide>
      <Suspense fallback={loading}>
        <LazyFormScreen
          key={opening} screen={definition.Screen} entity={definition.Entity} mode="create" record={null}
          title={definition.Title} description={definition.Description ?? undefined} save={save} onDone={done}
        />
      </Suspense>
      {definition.Honeypot && <Honeypot value={trap} onChange={setTrap} />}
    </PublicPage>
  );
}
