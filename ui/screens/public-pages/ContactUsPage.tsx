import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { TitleBar } from '../../../engine/react/TitleBar.tsx';
import { NotificationHost } from '../../../engine/react/notifications/NotificationHost.tsx';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import { FailureScreen } from '../FailureScreen.tsx';
import { PublicPage } from '../PublicPage.tsx';
import { publicCalls, type ContactForm } from './public-calls.ts';

/** The honeypot: off-screen and out of the tab order, so a person leaves it empty and a form-filling bot does not. */
function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Box aria-hidden="true" sx={{ position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </Box>
  );
}

// The form engine is fetched beside the form's definition; meanwhile the page's title and words are already there.
const loadFormScreen = () => import('../../../engine/react/form/FormScreen.tsx');
const FormScreen = lazy(() => loadFormScreen().then((m) => ({ default: m.FormScreen })));
const title = 'Contact Us';
const description = 'Send us a message and we will get back to you by e-mail.';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center', position: 'relative' }}>
      <Box sx={{ width: '100%', maxWidth: 720 }}>{children}</Box>
      <NotificationHost />
    </Box>
  );
}

/** Until the form can be drawn: its title and words, and a progress bar where the fields come. */
const waiting = (
  <>
    <TitleBar title={title} description={description} />
    <LinearProgress aria-label="Loading the form" sx={{ mt: 2 }} />
  </>
);

/**
 * /customercare/contactus (spec 1 section 2): the shipped Contact Messages form, drawn by the form engine from what the
 * server gives a visitor (its fields and rules), sent without a session. Sent, it says so; the server stores the
 * message and e-mails it on.
 */
export default function ContactUsPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<ContactForm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const sentRef = useRef(false);
  const website = useRef('');
  const [honey, setHoney] = useState('');

  useEffect(() => {
    document.title = 'Contact Us · Administration';
    void loadFormScreen();
    let live = true;
    api.get<ContactForm>(publicCalls.contact).then(
      (answer) => live && setForm(answer),
      (error: unknown) => live && setFailure(error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : routeFailureMessages.systemError),
    );
    return () => { live = false; };
  }, []);

  if (sent) {
    return (
      <PublicPage title="Message sent" maxWidth={560}>
        <Alert severity="success" role="status">Thank you. Your message has been sent, and we have e-mailed you a confirmation. We will reply to the address you gave.</Alert>
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>Send another message</Button>
      </PublicPage>
    );
  }
  if (failure) return <FailureScreen message={failure} />;
  if (!form) return <Frame>{waiting}</Frame>;
  async function save(values: Record<string, unknown>) {
    await api.post(publicCalls.contact, { Values: values, Token: form!.Token, Website: website.current });
    sentRef.current = true;
    return values;
  }
  return (
    <Frame>
      <Suspense fallback={waiting}>
        <FormScreen
          screen={form.Screen}
          entity={form.Schema}
          mode="create"
          record={null}
          title={title}
          description={description}
          createLabel="Send"
          save={save}
          onDone={() => (sentRef.current ? setSent(true) : void navigate('/'))}
        />
      </Suspense>
      <Honeypot value={honey} onChange={(value) => { website.current = value; setHoney(value); }} />
    </Frame>
  );
}
