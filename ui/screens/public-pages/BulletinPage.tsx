import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Box, Typography } from '@mui/material';
import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../../engine/widgets/rich-text/logic.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import { PublicPage } from '../PublicPage.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { publicCalls, type Bulletin } from './public-calls.ts';

const longDate = (day: string) => new Date(`${day}T00:00:00`).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /bulletin/view/{id} (spec 1 section 2): a published bulletin, for anyone, signed in or not. The server answers an
 * unknown, unpublished and expired bulletin alike, and so does this page: one not-found, never a sign-in wall.
 */
export default function BulletinPage() {
  const { id = '' } = useParams();
  const [bulletin, setBulletin] = useState<Bulletin | null>(null);
  const [failure, setFailure] = useState<{ missing: boolean; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    setBulletin(null);
    setFailure(null);
    api.get<Bulletin>(publicCalls.bulletin(id)).then(
      (answer) => live && setBulletin(answer),
      (error: unknown) => live && setFailure(error instanceof ApiError && error.status !== 0 && error.status < 500
        ? { missing: error.status === 404, message: error.message }
        : { missing: false, message: routeFailureMessages.systemError }),
    );
    return () => { live = false; };
  }, [id]);

  useEffect(() => {
    document.title = `${bulletin?.Title ?? (failure ? 'Bulletin not found' : 'Bulletin')} · Administration`;
  }, [bulletin, failure]);

  // Cleaned by the server on its way in and out; cleaned here too, as it is drawn as HTML.
  const body = useMemo(() => (bulletin ? DOMPurify.sanitize(bulletin.Body, { ALLOWED_TAGS: RICH_TEXT_TAGS, ALLOWED_ATTR: RICH_TEXT_ATTRIBUTES }) : ''), [bulletin]);

  if (failure) {
    return (
      <PublicPage title={failure.missing ? 'Bulletin not found' : 'Bulletin'} maxWidth={720}>
        <Typography role="alert">{failure.message}</Typography>
      </PublicPage>
    );
  }
  if (!bulletin) return <LoadingScreen />;
  return (
    <PublicPage title="Bulletin" maxWidth={720}>
      <Box component="article" aria-labelledby="bulletin-title">
        <Typography id="bulletin-title" variant="h2" component="h2" sx={{ fontSize: '1.6rem', fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>{bulletin.Title}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>Published {longDate(bulletin.PublishDate)}</Typography>
        <Box
          sx={{ typography: 'body1', overflowWrap: 'anywhere', '& p': { mt: 0, mb: 1.5 }, '& a': { color: 'primary.main' } }}
          dangerouslySetInnerHTML={{ __html: body }}
        />
      </Box>
    </PublicPage>
  );
}
