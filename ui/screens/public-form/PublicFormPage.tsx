import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { honeypotField, publicFormMessages, type PublicFormDefinition } from '../../../engine/core/lowcode/public-forms.ts';
import { ApiError } from '../../api/client.ts';
import { PublicPage } from '../PublicPage.tsx';
import { visuallyHidden } from '../visually-hidden.ts';
import { publicFormCalls } from '../forms/public-form-api.ts';

type Loaded = { state: 'loading' } | { state: 'missing'; message: string } | { state: 'ready'; definition: PublicFormDefinition } | { state: 'sent' };

/**
 * The trap a person never fills: out of sight (clipped and transparent), out of the tab order and of the accessibility
 * tree, labelled so that whoever meets it knows to leave it. Bots filling every input fill it; their response is not stored.
 */
function Honeypot({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <Box aria-hidden sx={{ ...visuallyHidden, opacity: 0 }}>
      <TextField
        label="Leave this field empty" name={honeypotField} value={value} onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { tabIndex: -1, autoComplete: 'off' } }}
      />
    </Box>
  );
}

/**
 * /public/form/{key} (issue 32): a built form published to the public, filled without signing in. It is drawn by the
 * engine's FormScreen from what the server offers (the chosen fields only); the server's refusals show at their fields.
 */
export default function PublicFormPage() {
  const { key = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [trap, setTrap] = useState('');
  // Each opening of the form is a fresh form (Cancel clears it; Send another starts anew with a new fill token).
  const [opening, setOpening] = useState(0);
  const sent = useRef(false);

  const open = useCallback(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    publicFormCalls.definition(key).then((definition) => { if (live) setLoaded({ state: 'ready', definition }); }, (error: unknown) => {
      if (live) setLoaded({ state: 'missing', message: error instanceof ApiError && error.status === 404 ? publicFormMessages.notFound : error instanceof Error ? error.message : publicFormMessages.notFound });
    });
    return () => { live = false; };
  }, [key]);
  useEffect(() => open(), [open]);

  if (loaded.state === 'loading') return <PublicPage wide><LinearProgress aria-label="Loading the form" /></PublicPage>;
  if (loaded.state === 'missing') return <PublicPage title="Form not available"><Alert severity="warning">{loaded.message}</Alert></PublicPage>;
  if (loaded.state === 'sent') {
    return (
      <PublicPage wide>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h1">Thank you</Typography>
          <Alert severity="success" role="status" sx={{ alignSelf: 'stretch' }}>{publicFormMessages.thanks}</Alert>
          <Button variant="contained" onClick={() => { sent.current = false; setTrap(''); setOpening((n) => n + 1); open(); }}>Send another</Button>
        </Stack>
      </PublicPage>
    );
  }

  const { definition } = loaded;
  const save = async (values: Record<string, unknown>) => {
    await publicFormCalls.send(key, { Values: values, Token: definition.Token, ...(definition.Honeypot && trap ? { [honeypotField]: trap } : {}) });
    sent.current = true;
    return values;
  };
  // After a response is recorded, the thank-you; on Cancel, the form empties.
  const done = () => (sent.current ? setLoaded({ state: 'sent' }) : setOpening((n) => n + 1));
  return (
    <PublicPage wide>
      <FormScreen
        key={opening} screen={definition.Screen} entity={definition.Entity} mode="create" record={null}
        title={definition.Title} description={definition.Description ?? undefined} save={save} onDone={done}
      />
      {definition.Honeypot && <Honeypot value={trap} onChange={setTrap} />}
    </PublicPage>
  );
}
