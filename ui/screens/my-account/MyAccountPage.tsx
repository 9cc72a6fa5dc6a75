import { useEffect, useState } from 'react';
import { Alert, Stack, Typography } from '@mui/material';
import type { CurrentUser } from '../../../metadata/types/CurrentUser.ts';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { refreshCurrentUser } from '../../stores/current-user.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { UserNameCard } from './UserNameCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';

/** What the user is changing: one thing at a time (spec 1 section 4, "My account"). */
export type Editing = 'none' | 'userName' | 'password';

/**
 * /user/myaccount (module MyAccount): the current user changes their user name or their password. Editing one
 * cancels the other. The screen document's single route reads GET {api} (read-current-user).
 */
export default function MyAccountPage({ screen }: ScreenComponentProps) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>('none');

  useEffect(() => {
    api.get<CurrentUser>(screen.api).then(setUser, (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
  }, [screen.api]);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!user) return <LoadingScreen />;
  const card = (what: Exclude<Editing, 'none'>) => ({
    user,
    editing: editing === what,
    onStart: () => setEditing(what),
    onEnd: () => setEditing('none'),
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <div>
        <Typography variant="h1">{screen.title}</Typography>
        <Typography color="text.secondary">{screen.description}</Typography>
      </div>
      <UserNameCard
        {...card('userName')}
        onSaved={(UserName) => {
          setUser({ ...user, UserName });
          void refreshCurrentUser();
        }}
      />
      <PasswordCard {...card('password')} />
    </Stack>
  );
}
