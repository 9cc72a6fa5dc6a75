import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { useSession } from '../../stores/session.ts';
import { FormRoute } from '../screen/FormRoute.tsx';
import { useScreenPayload } from '../screen/useScreenPayload.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { Stack } from '@mui/material';
import { ExplainAccessButton } from '../access/ExplainAccessButton.tsx';
import { ViewAsButton } from '../access/ViewAsButton.tsx';
import { ActivationNotice } from './ActivationNotice.tsx';

/**
 * /user/update/{id} (registered as 'UserUpdate'): the generic user form, with 'Why can this user...?' beside its title
 * and, for an account not activated yet, what can be done about it above the form.
 */
export function UserUpdateRoute({ screen }: ScreenComponentProps) {
  const entry = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.update`);
  const { payload } = useScreenPayload(screen.id);
  if (!entry) return <NotFoundPage />;
  if (!payload) return <LoadingScreen />;
  return (
    <FormRoute
      key={entry.Name}
      entry={entry}
      mode="update"
      screen={screen}
      entity={payload.Schema}
      actions={(record) => (
        <Stack direction="row" spacing={1}>
          <ExplainAccessButton userId={Number(record.UserId)} userName={String(record.UserName ?? '')} />
          <ViewAsButton userId={Number(record.UserId)} name={`${String(record.FirstName ?? '')} ${String(record.LastName ?? '')}`.trim()} />
        </Stack>
      )}
      notice={(record) => <ActivationNotice record={record} />}
    />
  );
}
