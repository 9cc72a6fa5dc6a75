import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, LinearProgress } from '@mui/material';
import { homeApi, readWidgetsMessage, type HomeWidgets as Widgets } from './home-api.ts';
import { afterFirstPaint } from '../../boot/first-paint.ts';

/**
 * The widgets' own code (cards, charts' loaders, the grid) is asked for with the widget list, after the home's first
 * paint: the home's first screen (its greeting and screens) does not wait for it.
 */
const loadGrid = () => import('./WidgetGrid.tsx');
const WidgetGrid = lazy(loadGrid);

const loading = <LinearProgress aria-label="Loading your widgets" />;

/**
 * The user's widgets in their order and size, each loading on its own; the ones they hid listed below to show again.
 * `onLoaded` says whether there are any, so the home can offer its route cards instead of an empty page.
 */
export function HomeWidgets({ onLoaded }: { onLoaded: (count: number) => void }) {
  const [widgets, setWidgets] = useState<Widgets | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(() => {
    void loadGrid();
    homeApi.widgets().then((w) => {
      setWidgets(w);
      setFailure(null);
      onLoaded(w.Widgets.length);
    }, () => {
      setFailure(readWidgetsMessage);
      onLoaded(0);
    });
  }, [onLoaded]);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => { if (live) load(); });
    return () => { live = false; };
  }, [load]);

  if (failure && !widgets) return <Alert severity="error" action={<Button color="inherit" size="small" onClick={load}>Retry</Button>}>{failure}</Alert>;
  if (!widgets) return loading;
  // No widget and none hidden: nothing to draw, and no need to wait for the widgets' code.
  if (widgets.Widgets.length === 0 && widgets.Hidden.length === 0) return failure ? <Alert severity="error">{failure}</Alert> : null;
  return (
    <Suspense fallback={loading}>
      <WidgetGrid widgets={widgets} failure={failure} onChanged={load} onFailure={setFailure} />
    </Suspense>
  );
}
