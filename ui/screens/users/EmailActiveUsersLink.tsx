import { useState } from 'react';
import { Button } from '@mui/material';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';

/** The server's comma-delimited list of the active users' addresses (server/modules/users/routes.ts). */
export const activeEmailsPath = '/api/users/active-emails';

export const emailActiveUsersTexts = {
  label: 'Email Active Users',
  none: 'There are no active users to email.',
  failed: 'The list of active users could not be read at this time.',
};

/** A mailto: address with the addresses in bcc (RFC 6068: commas between them, each percent-encoded but its '@'). */
export function mailtoBcc(commaDelimited: string): string {
  const addresses = commaDelimited.split(',').map((a) => a.trim()).filter(Boolean);
  return `mailto:?bcc=${addresses.map((a) => encodeURIComponent(a).replace(/%40/g, '@')).join(',')}`;
}

/**
 * 'Email Active Users' on the user list (spec 1 "User list"): reads the active users' addresses when clicked (the
 * list can be long, so not with every visit of the page) and opens the mail composer with them in bcc.
 */
export function EmailActiveUsersLink({ open = (url: string) => window.location.assign(url) }: { open?: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  async function compose() {
    setBusy(true);
    try {
      const list = await api.get<string>(activeEmailsPath);
      const text = typeof list === 'string' ? list : '';
      if (text.trim()) open(mailtoBcc(text));
      else notify('info', emailActiveUsersTexts.none);
    } catch (error) {
      notify('error', error instanceof ApiError && error.items[0]?.ErrorMessage ? error.items[0].ErrorMessage : emailActiveUsersTexts.failed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outlined" startIcon={<MailOutlinedIcon />} disabled={busy} onClick={() => void compose()}>
      {emailActiveUsersTexts.label}
    </Button>
  );
}
