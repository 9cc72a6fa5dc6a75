import { Suspense, useEffect, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { contactFormKey, type PublicFormDefinition } from '../../../engine/core/lowcode/public-forms.ts';
import { TitleBar } from '../../../engine/react/TitleBar.tsx';
import { NotificationHost } from '../../../engine/react/notifications/NotificationHost.tsx';
import { PublicPage } from '../PublicPage.tsx';
import { Honeypot, LazyFormScreen, usePublicForm } from '../public-form/public-form-parts.tsx';

const title = 'Contact Us';
const description = 'Send us a message and we will get back to you by e-mail.';
const unavailable = 'The contact form is not available at the moment.';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center', position: 'relative' }}>
      <Box sx={{ width: '100%', maxWidth: 720 }}>{children}</Box>
      <NotificationHost />
    </Box>
  );
}

/**
 * The page's title and words, drawn at once and kept while the form arrives under them (the form draws no title of its
 * own): the largest words of the page are painted first and never drawn again.
 */
const heading = <Box sx={{ mb: 2 }}><TitleBar title={title} description={description} /></Box>;
/** Until the form can be drawn: a progress bar where the fields come. */
const waiting = <LinearProgress aria-label="Loading the form" />;

/** The public form's screen with the page's own words for a sent message. */
const contactScreen = (definition: PublicFormDefinition): PublicFormDefinition['Screen'] => ({
  ...definition.Screen,
  form: { ...definition.Screen.form!, entityLabel: 'Message', promptOnAbandon: false, notices: { Create: { success: 'Your message has been sent.', error: 'Your message could not be sent.' } } },
});

/**
 * /customercare/contactus (spec 1 section 2): the shipped Contact Messages form, published as a public form under the
 * contact key (its fields, rules, bot protection and e-mails are its Public tab's), drawn under the page's own title
 * and words, which show at once. Switched off by an administrator, the page says the form is not available.
 */
export default function ContactUsPage() {
  const { loaded, trap, setTrap, opening, save, done, again } = usePublicForm(contactFormKey);
  useEffect(() => { document.title = 'Contact Us · Administration'; }, []);

  if (loaded.state === 'sent') {
    return (
      <PublicPage title="Message sent" maxWidth={560}>
        <Alert severity="success" role="status">Thank you. Your message has been sent, and we have e-mailed you a confirmation. We will reply to the address you gave.</Alert>
        <Button variant="contained" size="large" onClick={again}>Send another message</Button>
      </PublicPage>
    );
  }
  if (loaded.state === 'missing') return <PublicPage title={title}><Alert severity="warning">{loaded.notFound ? unavailable : loaded.message}</Alert></PublicPage>;
  if (loaded.state === 'loading') return <Frame>{heading}{waiting}</Frame>;
  const { definition } = loaded;
  return (
    <Frame>
      {heading}
      <Suspense fallback={waiting}>
        <LazyFormScreen
          key={opening} screen={contactScreen(definition)} entity={definition.Entity} mode="create" record={null}
          title={title} titleShown={false} createLabel="Send" save={save} onDone={done}
        />
      </Suspense>
      {definition.Honeypot && <Honeypot value={trap} onChange={setTrap} />}
    </Frame>
  );
}
