import { useMemo, useState } from 'react';
import { Alert, Box, IconButton, Link, List, ListItem, ListItemText, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { copyToClipboard } from '../../../engine/react/notifications/copy-to-clipboard.ts';
import { linksOf, safeMailHtml, textParts } from './mail-body.ts';

export interface MailContent {
  TextBody: string;
  HtmlBody: string | null;
  BodyWithheld: string | null;
}

type View = 'html' | 'text';

/** The body as the mail's recipient would see it (HTML, made safe) or as plain text; its links open in a new tab. */
export function MailBody({ mail }: { mail: MailContent }) {
  const [view, setView] = useState<View>(mail.HtmlBody ? 'html' : 'text');
  const html = useMemo(() => (mail.HtmlBody ? safeMailHtml(mail.HtmlBody) : ''), [mail.HtmlBody]);
  if (mail.BodyWithheld) return <Alert severity="info">{mail.BodyWithheld}</Alert>;
  return (
    <Stack spacing={2}>
      {mail.HtmlBody && (
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: View | null) => next && setView(next)} aria-label="Show the mail as">
          <ToggleButton value="html">Formatted</ToggleButton>
          <ToggleButton value="text">Plain text</ToggleButton>
        </ToggleButtonGroup>
      )}
      {view === 'html' ? (
        <Box
          aria-label="Mail body"
          role="document"
          sx={{ typography: 'body1', '& p': { mt: 0, mb: 1.5 }, '& a': { color: 'primary.main', wordBreak: 'break-all' } }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <Box aria-label="Mail body" role="document" sx={{ typography: 'body1', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 14 }}>
          {textParts(mail.TextBody).map((part, i) => (part.link
            ? <Link key={i} href={part.text} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>{part.text}</Link>
            : <span key={i}>{part.text}</span>))}
        </Box>
      )}
    </Stack>
  );
}

/** The mail's links, each to open or copy: without a mail server, how an activation link reaches its user. */
export function MailLinks({ text }: { text: string }) {
  const links = linksOf(text);
  if (!links.length) return null;
  return (
    <Box>
      <Typography variant="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 0.5 }}>Links in this mail</Typography>
      <Typography color="text.secondary" variant="body2">Open one here, or copy it to hand to the person the mail is for.</Typography>
      <List dense aria-label="Links in this mail">
        {links.map((link) => (
          <ListItem key={link} disableGutters secondaryAction={(
            <Tooltip title="Copy the link">
              <IconButton edge="end" aria-label={`Copy ${link}`} onClick={() => void copyToClipboard(link, 'link')}><ContentCopyOutlined fontSize="small" /></IconButton>
            </Tooltip>
          )}>
            <ListItemText primary={<Link href={link} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>{link}</Link>} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
