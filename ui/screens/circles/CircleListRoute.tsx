import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { useSession } from '../../stores/session.ts';
import { ListRoute } from '../screen/ListRoute.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';

/** Each circles list names the other beside its add button: one menu entry (module AggregateCircleManagement) reaches both. */
const otherList: Record<string, { screen: string; label: string }> = {
  aggregatecircles: { screen: 'atomiccircles', label: 'Atomic Circles' },
  atomiccircles: { screen: 'aggregatecircles', label: 'Aggregate Circles' },
};

/** /aggregate and /atomiccircle (registered as 'CircleList'): the generic list, with a link to the other circles list. */
export function CircleListRoute({ screen }: ScreenComponentProps) {
  const routes = useSession((s) => s.routes);
  const entry = routes?.find((r) => r.Name === `${screen.id}.list`);
  if (!entry) return <NotFoundPage />;
  const other = otherList[screen.id];
  const to = other && routes?.find((r) => r.Name === `${other.screen}.list`);
  const link = to ? <Button component={RouterLink} to={to.Url} variant="outlined" startIcon={<GroupsIcon />}>{other.label}</Button> : undefined;
  return <ListRoute entry={entry} screen={screen} extraActions={link} />;
}
