import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { useSession } from '../../stores/session.ts';
import { ListRoute } from '../screen/ListRoute.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { EmailActiveUsersLink } from './EmailActiveUsersLink.tsx';

/** /user (registered as 'UserList'): the generic list of the users screen, with 'Email Active Users' beside Add User. */
export function UserListRoute({ screen }: ScreenComponentProps) {
  const entry = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.list`);
  if (!entry) return <NotFoundPage />;
  return <ListRoute entry={entry} screen={screen} extraActions={<EmailActiveUsersLink />} />;
}
