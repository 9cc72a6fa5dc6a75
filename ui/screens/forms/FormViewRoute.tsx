import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardActions, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { ApiError } from '../../api/client.ts';
import { formApi, type FormRecord } from './form-api.ts';
import { recordsListUrl } from './field-routes.ts';
import { useRecordsRoutes } from './useRecordsRoutes.ts';

/**
 * /form/view (registered as 'FormView'): every active form, each with a link to its records when the
 * user holds that route, so the records of built forms are one click from one place.
 */
export function FormViewRoute({ screen }: ScreenComponentProps) {
  const [forms, setForms] = useState<FormRecord[] | null>(null);
  const routes = useRecordsRoutes(forms?.map((f) => f.FormId) ?? []);
  const entry = routes.find((r) => r.Name === `${screen.id}.single`);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    formApi.activeForms().then((list) => { if (live) setForms(list.Items); }, (error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : noticeText('List', 'error'));
    });
    return () => { live = false; };
  }, []);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <div>
        <Typography variant="h1">{entry?.Title ?? screen.title}</Typography>
        <Typography color="text.secondary">{entry?.Description ?? screen.description}</Typography>
      </div>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!forms && !failure && <LinearProgress aria-label="Loading the forms" />}
      {forms && !forms.length && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography variant="h6" component="p">No active forms yet.</Typography>
          <Typography color="text.secondary">Forms built in Form Management appear here with their records.</Typography>
        </Box>
      )}
      {forms && forms.length > 0 && (
        <Grid container spacing={2} component="ul" aria-label="Forms" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {forms.map((form) => {
            const url = recordsListUrl(routes, form.FormId);
            return (
              <Grid key={form.FormId} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h2">{form.Name}</Typography>
                    <Typography variant="body2" color="text.secondary">{form.Description || 'No description.'}</Typography>
                  </CardContent>
                  <CardActions>
                    {url
                      ? <Button component={RouterLink} to={url} startIcon={<ListAltIcon />} aria-label={`Records of ${form.Name}`}>Records</Button>
                      : <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>Its records are not open to you.</Typography>}
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </Stack>
  );
}
