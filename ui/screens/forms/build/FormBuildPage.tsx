import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Checkbox, Divider, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { api } from '../../../api/api.ts';
import { ApiError } from '../../../api/client.ts';
import { loadRoutes } from '../../../api/session-calls.ts';
import { notify } from '../../../../engine/react/notifications/store.ts';
import { loadMainMenu } from '../../../stores/main-menu.ts';
import { useSession } from '../../../stores/session.ts';
import { routeFailureMessages } from '../../../routing/route-failure-messages.ts';
import { ErrorList } from '../../ErrorList.tsx';
import { FieldRowsTable } from './FieldRowsTable.tsx';
import { PublishSection } from './PublishSection.tsx';
import { blankRow, buildBody, faultsByPlace, withoutRow, withRowChanged, type FieldRow, type PublishChoice } from './build-state.ts';
import type { ErrorItem } from '../../../../engine/core/error-items.ts';

interface Built { FormId: number; PageId: number | null; Url: string; ImportId: number | null }

const firstPublish: PublishChoice = { page: true, pageName: '', menuItem: true, role: true, roleName: '', create: true, update: true, delete: false };

/**
 * /form/build: a new form in one screen (issue 29): its name, its fields as a table, and how staff reach it (page,
 * menu item, a role's access), all made at once by one call, or nothing when anything is wrong (each fault shown
 * where it was typed). The form's own screens edit every part afterwards.
 */
export default function FormBuildPage() {
  const navigate = useNavigate();
  const sessionId = useSession((s) => s.session?.SessionId ?? null);
  const [name, setName] = useState('');
  const [circleable, setCircleable] = useState(false);
  const [rows, setRows] = useState<FieldRow[]>(() => [blankRow()]);
  const [publish, setPublish] = useState<PublishChoice>(firstPublish);
  const [pageNamed, setPageNamed] = useState(false);
  const [errors, setErrors] = useState<{ items: ErrorItem[]; places: Map<string, string> }>({ items: [], places: new Map() });
  const [saving, setSaving] = useState(false);

  const typedFields = rows.filter((row) => row.Label.trim()).length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { body, keys } = buildBody(name, rows, publish, circleable);
    setSaving(true);
    try {
      const built = await api.post<Built>('/api/forms/build', body);
      // The new page and menu item are the user's at once: no reload, no sign-in again.
      await loadRoutes().catch(() => undefined);
      if (sessionId) await loadMainMenu(sessionId).catch(() => undefined);
      notify('success', `${body.Name.trim()} is built${body.Page ? `: its page ${body.Page.Name.trim()} is ready` : ''}.`);
      navigate(body.Page ? built.Url : `/form/update/${built.FormId}`);
    } catch (error) {
      const items = error instanceof ApiError ? error.items : [{ PropertyName: null, ErrorMessage: routeFailureMessages.systemError, ErrorCode: 'System' }];
      setErrors({ items, places: faultsByPlace(items, keys) });
      setSaving(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Build a form" sx={{ maxWidth: 1280 }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h1" gutterBottom>Build a Form</Typography>
          <Typography color="text.secondary">
            Name the form, type its fields, and choose who uses it. Everything is made at once; each part stays editable on its own screen.
          </Typography>
        </Box>
        <ErrorList title="The form was not built" items={errors.items} />
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Typography variant="h2">Form</Typography>
            <TextField
              label="Name" required autoFocus value={name} sx={{ maxWidth: 480 }}
              error={Boolean(errors.places.get('Name'))} helperText={errors.places.get('Name') ?? 'What one record is, e.g. Incident Report.'}
              onChange={(e) => {
                setName(e.target.value);
                if (!pageNamed) setPublish((p) => ({ ...p, pageName: e.target.value }));
              }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <FormControlLabel
              control={<Checkbox checked={circleable} onChange={(e) => setCircleable(e.target.checked)} />}
              label="Records belong to circles: staff see their circles' records, and each circle's roles decide what they may do with them"
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={1}>
            <Typography variant="h2">Fields</Typography>
            <Typography variant="body2" color="text.secondary">
              A row per field; a new row appears as you type. A select&apos;s choices become its lookup list.
            </Typography>
            {errors.places.get('Fields') && <Typography color="error" role="alert">{errors.places.get('Fields')}</Typography>}
            <FieldRowsTable
              rows={rows} faults={errors.places}
              onChange={(key, change) => setRows((current) => withRowChanged(current, key, change))}
              onRemove={(key) => setRows((current) => withoutRow(current, key))}
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={1}>
            <Typography variant="h2">Publish</Typography>
            <PublishSection
              publish={publish} faults={errors.places}
              onChange={(change) => {
                if ('pageName' in change) setPageNamed(true);
                setPublish((p) => ({ ...p, ...change }));
              }}
            />
          </Stack>
        </Paper>
        <Divider />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={saving || !name.trim() || typedFields === 0} aria-busy={saving}>
            {saving ? 'Building…' : 'Create'}
          </Button>
          <Button component={RouterLink} to="/form">Cancel</Button>
          <Typography variant="body2" color="text.secondary">{typedFields === 1 ? '1 field' : `${typedFields} fields`}</Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
