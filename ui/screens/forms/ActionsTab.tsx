import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, Switch,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';

interface FormAction {
  ActionId: number; Scope: 'row' | 'set'; ButtonText: string; ActionName: string; Url: string | null; ParentActionId: number | null;
  SortOrder: number; IsActive: boolean; IsBuiltIn: boolean;
}
interface Draft { ButtonText: string; Url: string; Scope: 'row' | 'set'; ParentActionId: number | '' }
const blank: Draft = { ButtonText: '', Url: '', Scope: 'row', ParentActionId: '' };
const builtInOpens: Record<string, string> = { Edit: "The record's edit screen", Delete: "The record's delete screen", Copy: 'A new record filled from the row', Print: "The record's PDF" };

/**
 * The Actions tab (issue 30): the form's row and set actions. Edit, Delete, Copy and Print stand for its own screens
 * (they can be renamed or hidden); a custom action opens a URL (a row action with the row's id appended) and, given a
 * parent, is granted wherever the parent is, by roles and by circles alike.
 */
export function ActionsTab({ formId }: { formId: number }) {
  const [actions, setActions] = useState<FormAction[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [busy, setBusy] = useState(false);
  const url = `/api/forms/${formId}/actions`;
  const load = useCallback(() => api.get<FormAction[]>(url).then(setActions, (error: unknown) => setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error'))), [url]);
  useEffect(() => { void load(); }, [load]);

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      notify('success', done);
      await load();
      return true;
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.items);
      notify('error', error instanceof ApiError ? error.message : noticeText('Update', 'error'));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const fieldError = (field: string) => errors.find((e) => e.PropertyName === field)?.ErrorMessage;
  const add = async () => {
    const sent = { ButtonText: draft!.ButtonText, Url: draft!.Url, Scope: draft!.Scope, ParentActionId: draft!.ParentActionId === '' ? null : draft!.ParentActionId };
    if (await run(() => api.post(url, sent), `The action ${draft!.ButtonText.trim()} has been added.`)) setDraft(null);
  };
  const toggle = (a: FormAction) => run(() => api.post(`${url}/${a.ActionId}`, { ButtonText: a.ButtonText, Url: a.Url, Scope: a.Scope, ParentActionId: a.ParentActionId, IsActive: !a.IsActive }),
    `${a.ButtonText} is ${a.IsActive ? 'hidden' : 'shown'} now.`);
  const remove = (a: FormAction) => run(() => api.send('DELETE', `${url}/${a.ActionId}`), `The action ${a.ButtonText} has been removed.`);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!actions) return <Box sx={{ py: 2 }}><LinearProgress aria-label="Loading the actions" /></Box>;
  const parents = actions.filter((a) => a.ParentActionId === null);
  const nameOf = (id: number | null) => actions.find((a) => a.ActionId === id)?.ButtonText ?? '';
  return (
    <Stack spacing={2}>
      <Box><Button variant="outlined" startIcon={<AddIcon />} onClick={() => { setErrors([]); setDraft(blank); }}>Add Action</Button></Box>
      <Table size="small" aria-label="Actions">
        <TableHead>
          <TableRow><TableCell>Button</TableCell><TableCell>Where</TableCell><TableCell>Opens</TableCell><TableCell>Granted with</TableCell><TableCell>Shown</TableCell><TableCell /></TableRow>
        </TableHead>
        <TableBody>
          {actions.map((a) => (
            <TableRow key={a.ActionId}>
              <TableCell>{a.ButtonText}</TableCell>
              <TableCell>{a.Scope === 'row' ? 'Each row' : 'Above the list'}</TableCell>
              <TableCell>{a.IsBuiltIn ? builtInOpens[a.ActionName] : a.Url}</TableCell>
              <TableCell>{a.ParentActionId ? nameOf(a.ParentActionId) : a.IsBuiltIn ? 'Its route' : 'Its own grants'}</TableCell>
              <TableCell><Switch checked={a.IsActive} disabled={busy} onChange={() => void toggle(a)} slotProps={{ input: { 'aria-label': `Show ${a.ButtonText}` } }} /></TableCell>
              <TableCell>{!a.IsBuiltIn && <Button color="error" size="small" disabled={busy} onClick={() => void remove(a)}>Remove</Button>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {draft && (
        <Dialog open onClose={() => !busy && setDraft(null)} fullWidth maxWidth="sm" aria-labelledby="add-action-title">
          <DialogTitle id="add-action-title">Add Action</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField label="Button Text" required autoFocus value={draft.ButtonText} onChange={(e) => setDraft({ ...draft, ButtonText: e.target.value })}
                error={Boolean(fieldError('ButtonText'))} helperText={fieldError('ButtonText')} />
              <TextField label="Url" required value={draft.Url} onChange={(e) => setDraft({ ...draft, Url: e.target.value })}
                error={Boolean(fieldError('Url'))} helperText={fieldError('Url') ?? 'A page of this application (/incidents/review) or a web address; a row action appends the row id.'} />
              <TextField select label="Where" value={draft.Scope} onChange={(e) => setDraft({ ...draft, Scope: e.target.value as Draft['Scope'] })}>
                <MenuItem value="row">Each row</MenuItem>
                <MenuItem value="set">Above the list</MenuItem>
              </TextField>
              <TextField select label="Granted with" value={draft.ParentActionId} onChange={(e) => setDraft({ ...draft, ParentActionId: e.target.value === '' ? '' : Number(e.target.value) })}
                error={Boolean(fieldError('ParentActionId'))} helperText={fieldError('ParentActionId') ?? 'Whoever may use that action may use this one, on the same records.'}>
                <MenuItem value="">Its own grants</MenuItem>
                {parents.map((p) => <MenuItem key={p.ActionId} value={p.ActionId}>{p.ButtonText}</MenuItem>)}
              </TextField>
              {errors.length > 0 && !errors.some((e) => ['ButtonText', 'Url', 'ParentActionId'].includes(e.PropertyName ?? '')) && <Alert severity="error">{errors[0].ErrorMessage}</Alert>}
              <Typography variant="body2" color="text.secondary">Circles' permissions list it under the form once added.</Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDraft(null)} disabled={busy}>Cancel</Button>
            <Button variant="contained" onClick={() => void add()} disabled={busy}>Add</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
