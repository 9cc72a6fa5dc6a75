import { Alert, Chip, Grid, Stack, Typography } from '@mui/material';
import { itemsOf } from '../transfer/errors.ts';
import { homeApi, readWidgetsMessage, sizeColumns, type HomeWidget, type HomeWidgets } from './home-api.ts';
import { WidgetCard } from './WidgetCard.tsx';

/**
 * The user's widgets in their order and size, and the ones they hid listed below to show again. Hiding or showing one
 * asks for the list again (`onChanged`); a refusal is shown above the widgets (`onFailure`).
 */
export default function WidgetGrid({ widgets, failure, onChanged, onFailure }: {
  widgets: HomeWidgets;
  failure: string | null;
  onChanged: () => void;
  onFailure: (message: string) => void;
}) {
  async function change(widget: HomeWidget, hide: boolean) {
    try {
      await (hide ? homeApi.hide(widget.WidgetId) : homeApi.unhide(widget.WidgetId));
      onChanged();
    } catch (error) {
      onFailure(itemsOf(error)[0]?.ErrorMessage ?? readWidgetsMessage);
    }
  }

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
