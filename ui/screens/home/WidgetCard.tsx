import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { homeApi, readWidgetsMessage, type HomeWidget } from './home-api.ts';
import { widgetRenderers } from './widget-renderers.tsx';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: Record<string, unknown> };

/**
 * One widget of the home: it loads its own data (a skeleton meanwhile), so a slow or failing one holds no other; a
 * failure shows 'Read Widgets' in its place with a retry. Hide takes it off this user's home.
 */
export function WidgetCard({ widget, onHide }: { widget: HomeWidget; onHide: (widget: HomeWidget) => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const aborted = new AbortController();
    setState({ status: 'loading' });
    homeApi.data(widget.WidgetId, aborted.signal).then(
      (data) => !aborted.signal.aborted && setState({ status: 'ready', data }),
      () => !aborted.signal.aborted && setState({ status: 'failed' }),
    );
    return () => aborted.abort();
  }, [widget.WidgetId, attempt]);

  const headingId = `widget-${widget.WidgetId}-title`;
  const render = widgetRenderers[widget.Kind];
  let body;
  if (state.status === 'loading') body = <Skeleton variant="rounded" height={widget.Kind === 'number' ? 56 : 140} aria-label={`Loading ${widget.Title}`} />;
  else if (state.status === 'failed' || !render) {
    body = <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>Retry</Button>}>{readWidgetsMessage}</Alert>;
  } else if (typeof state.data.Unavailable === 'string') body = <Typography color="text.secondary">{state.data.Unavailable}</Typography>;
  else body = render(state.data, widget.Title);

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} aria-busy={state.status === 'loading' || undefined}
      data-widget-id={widget.WidgetId} data-widget-kind={widget.Kind} sx={{ height: '100%', minWidth: 0 }}>
      <CardHeader
        title={<Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem' }}>{widget.Title}</Typography>}
        action={(
          <Tooltip title="Hide from my home">
            <IconButton aria-label={`Hide ${widget.Title}`} onClick={() => onHide(widget)}><VisibilityOffIcon /></IconButton>
          </Tooltip>
        )}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ overflowX: 'auto' }}>{body}</CardContent>
    </Card>
  );
}
