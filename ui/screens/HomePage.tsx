import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import Typography from '@mui/material/Typography';
import { useSession } from '../stores/session.ts';
import { HomeWidgets } from './home/HomeWidgets.tsx';
import { ScreenCards } from './home/ScreenCards.tsx';

/**
 * /home: a greeting, the widgets placed for the user's roles (issue 32), and the screens this user may open; with no
 * widget (a new install) the screens are the home, so it is never empty. /home?refresh=true (the menu's Home) reloads
 * every widget, as does each arrival here.
 */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const routes = useSession((s) => s.routes);
  const location = useLocation();
  const [widgetCount, setWidgetCount] = useState<number | null>(null);
  const onLoaded = useCallback((count: number) => setWidgetCount(count), []);
  // Building a form is where an administrator's first hour starts: offered first to whoever may.
  const screens = useMemo(() => [...(routes ?? []).filter((r) => r.Name === 'form.build'), ...(routes ?? []).filter((r) => r.Name.endsWith('.list'))], [routes]);
  return (
    <>
      <Typography variant="h1" gutterBottom>Welcome, {user?.FirstName}</Typography>
      <HomeWidgets key={location.key} onLoaded={onLoaded} />
      <Typography color="text.secondary" sx={{ mb: 3, mt: widgetCount ? 4 : 0 }} component={widgetCount ? 'h2' : 'p'}>
        {widgetCount ? 'Your screens' : 'Choose where to start.'}
      </Typography>
      <ScreenCards screens={screens} />
    </>
  );
}
