import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Chip, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { itemsOf } from '../transfer/errors.ts';
import { homeApi, sizeColumns, type HomeWidget, type HomeWidgets as Widgets } from './home-api.ts';
import { readWidgetsMessage, WidgetCard } from './WidgetCard.tsx';
import { afterFirstPaint } from '../../boot/first-paint.ts';

/**
 * The user's widgets in their order and size, each loading on its own; the ones they hid listed below to show again.
 * `onLoaded` says whether there are any, so the home can offer its route cards instead of an empty page.
 */
export function HomeWidgets({ onLoaded }: { onLoaded: (count: number) => void }) {
  const [widgets, setWidgets] = useState<Widgets | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(() => {
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

  async function change(widget: HomeWidget, hide: boolean) {
    try {
      await (hide ? homeApi.hide(widget.WidgetId) : homeApi.unhide(widget.WidgetId));
      load();
    } catch (error) {
      setFailure(itemsOf(error)[0]?.ErrorMessage ?? readWidgetsMessage);
    }
  }

  if (failure && !widgets) return <Alert severity="error" action={<Button color="inherit" size="small" onClick={load}>Retry</Button>}>{failure}</Alert>;
  if (!widgets) return <LinearProgress aria-label="Loading your widgets" />;
  return (
    <Stack spacing={2}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Grid container spacing={2}>
        {widgets.Widgets.map((w) => (
          <Grid key={w.WidgetId} size={sizeColumns[w.Size]}>
            <WidgetCard widget={w} onHide={(widget) => void change(widget, true)} />
          </Grid>
        ))}
      </Grid>
      {widgets.Hidden.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">Hidden widgets:</Typography>
          {widgets.Hidden.map((w) => (
            <Chip key={w.WidgetId} label={`Show ${w.Title}`} onClick={() => void change(w, false)} variant="outlined" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
