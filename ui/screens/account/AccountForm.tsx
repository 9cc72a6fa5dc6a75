import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Stack, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { ErrorList } from '../ErrorList.tsx';
import { PublicPage } from '../PublicPage.tsx';

export interface AccountFormProps {
  title: string;
  intro?: ReactNode;
  /** Something to know before filling the form in (e.g. the activation call's message). */
  notice?: { severity: 'success' | 'info' | 'warning'; text: ReactNode } | null;
  errors: ErrorItem[];
  /** Under the error list, e.g. the verification-code link. */
  afterErrors?: ReactNode;
  pending: boolean;
  submitLabel: string;
  onSubmit(): void;
  /** Cancel goes to /login (spec 1 section 2); a screen may do more first. */
  onCancel?(): void;
  /** For a form without fields: the action takes the focus, so Enter or Space does it. */
  focusSubmit?: boolean;
  children: ReactNode;
}

/**
 * The frame of every public account form: title, a line of guidance, what the server said, the fields, the action
 * (as wide as LOG IN; it reads 'Please Wait...' and is disabled while the call is pending) and Cancel under it.
 */
export function AccountForm(props: AccountFormProps) {
  const { title, intro, notice, errors, afterErrors, pending, submitLabel, onSubmit, onCancel, focusSubmit, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <PublicPage title={title}>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
      {(errors.length > 0 || afterErrors) && (
        <Stack spacing={1}>
          <ErrorList items={errors} />
          {afterErrors}
        </Stack>
      )}
      <Stack component="form" spacing={1} noValidate onSubmit={submit} aria-label={title}>
        {children}
        <Stack spacing={1} sx={{ pt: 1 }}>
          <Button type="submit" variant="contained" size="large" disabled={pending} autoFocus={focusSubmit}>
            {pending ? 'Please Wait...' : submitLabel}
          </Button>
          <Button size="large" {...(onCancel ? { onClick: onCancel } : { component: RouterLink, to: '/login' })}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </PublicPage>
  );
}

/** After a request that needs nothing more from the user here: the server's message and the way back to sign in. */
export function AccountDone({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <PublicPage title={title}>
      <Alert severity="success" role="status">{message}</Alert>
      {children}
      <Button component={RouterLink} to="/login" variant="contained" size="large">Back to sign in</Button>
    </PublicPage>
  );
}
