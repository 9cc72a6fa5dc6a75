import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, IconButton, LinearProgress, Paper, Stack,
  Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { TitleBar } from '../../../engine/react/TitleBar.tsx';
import { ConfirmDialog } from '../../../engine/react/form/ConfirmDialog.tsx';
import { itemsOf } from '../transfer/errors.ts';
import { ArrangeRole } from './ArrangeRole.tsx';
import { kindLabels, widgetEditUrl, widgetsApi, type Choices, type ManagedWidget } from './widgets-api.ts';

/** /HomeConfigurationManager: every widget with its kind and the roles showing it (Add, edit, delete), and each role's order. */
export default function WidgetListPage({ screen }: ScreenComponentProps) {
  const [widgets, setWidgets] = useState<ManagedWidget[] | null>(null);
  const [roles, setRoles] = useState<Choices['Roles'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ManagedWidget | null>(null);
  const [arranged, setArranged] = useState(0);

  const load = useCallback(() => {
    widgetsApi.list().then(setWidgets, (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The widgets could not be loaded.'));
  }, []);
  useEffect(load, [load]);
  useEffect(() => { widgetsApi.choices().then((c) => setRoles(c.Roles), () => setRoles([])); }, []);

  async function remove(widget: ManagedWidget) {
    setDeleting(null);
    try {
      await widgetsApi.remove(widget.WidgetId);
      setFailure(null);
      load();
      setArranged((n) => n + 1);
    } catch (error) {
      setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The widget could not be deleted.');
    }
  }

  return (
    <Stack spacing={2}>
      <TitleBar title={screen.title} description={screen.description}
        actions={<Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={widgetEditUrl()}>Add</Button>} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {!widgets && !failure && <LinearProgress aria-label="Loading the widgets" />}
      {widgets && !widgets.length && <Typography>No widget yet: homes show the screens each user may open.</Typography>}
      {!!widgets?.length && (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Widgets">
            <TableHead>
              <TableRow><TableCell>Title</TableCell><TableCell>Kind</TableCell><TableCell>Roles</TableCell><TableCell>Actions</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {widgets.map((w) => (
                <TableRow key={w.WidgetId}>
                  <TableCell>{w.Title}</TableCell>
                  <TableCell>{kindLabels[w.Kind]}</TableCell>
                  <TableCell>{w.Placements.map((p) => `${p.RoleName} (${p.Size})`).join(', ') || 'None'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton component={RouterLink} to={widgetEditUrl(w.WidgetId)} aria-label={`Edit ${w.Title}`}><EditIcon /></IconButton>
                    <IconButton onClick={() => setDeleting(w)} aria-label={`Delete ${w.Title}`}><DeleteIcon /></IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {roles && roles.length > 0 && <ArrangeRole key={arranged} roles={roles} />}
      <ConfirmDialog open={Boolean(deleting)} title="Delete the widget?" text={`${deleting?.Title ?? ''} leaves the home of every role.`}
        confirmLabel="Delete" destructive onCancel={() => setDeleting(null)} onConfirm={() => deleting && void remove(deleting)} />
    </Stack>
  );
}
