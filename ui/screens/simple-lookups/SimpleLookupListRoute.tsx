import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { SimpleLookupItem } from '../../../engine/core/lowcode/api.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ConfirmDialog } from '../../../engine/react/form/ConfirmDialog.tsx';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { useSession } from '../../stores/session.ts';
import { useScreenPayload } from '../screen/useScreenPayload.ts';
import { simpleLookupApi, type Choice } from './simple-lookup-api.ts';
import { storedTableId, storeTableId } from './stored-table.ts';
import { LookupSelectors, noChoice } from './LookupSelectors.tsx';
import { ItemTable } from './ItemTable.tsx';
import { useItemReorder } from './useItemReorder.ts';
import { serverMessage } from './errors.ts';
import { LockedItemForm } from './LockedItemForm.tsx';
import { deleteLocked } from '../../locks/lock-api.ts';
import { apiPath, lowCodeApi } from '../../../engine/core/lowcode/api.ts';

/** What the user is doing to one item: while any of it, the selectors and the other actions wait. */
type Task = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; item: SimpleLookupItem } | { kind: 'delete'; item: SimpleLookupItem };

/**
 * /simpleLookup (spec 2 "Simple lookups"): choose a form (or 'All lists') and one of its lists, then keep the
 * list's items: add, edit and delete them in place, and reorder them by drag or by keyboard. The list chosen is
 * remembered for the session, so coming back opens it again.
 */
export function SimpleLookupListRoute({ screen }: ScreenComponentProps) {
  const entry = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.list`);
  const { payload } = useScreenPayload(screen.id);
  const [forms, setForms] = useState<Choice[] | null>(null);
  // A list remembered from earlier in the session is found again under 'All lists' (Id 0).
  const [formId, setFormId] = useState(() => (storedTableId() ? 0 : noChoice));
  const [lists, setLists] = useState<Choice[] | null>(null);
  const [tableId, setTableId] = useState(() => storedTableId() ?? noChoice);
  const [items, setItems] = useState<SimpleLookupItem[] | null>(null);
  const [task, setTask] = useState<Task>({ kind: 'none' });
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    simpleLookupApi.forms(abort.signal).then(setForms, (error: unknown) => {
      if (!abort.signal.aborted) notify('error', noticeText('Read', 'error', {}, serverMessage(error)));
    });
    return () => abort.abort();
  }, []);

  useEffect(() => {
    setLists(null);
    if (formId <= noChoice) return;
    const abort = new AbortController();
    simpleLookupApi.lists(formId, abort.signal).then((answer) => {
      setLists(answer);
      // A list the form does not have (any more) is no choice.
      setTableId((id) => (answer.some((l) => l.Id === id) ? id : noChoice));
    }, (error: unknown) => {
      if (!abort.signal.aborted) notify('error', noticeText('Read', 'error', {}, serverMessage(error)));
    });
    return () => abort.abort();
  }, [formId]);

  const listChosen = tableId > noChoice && lists?.some((l) => l.Id === tableId) === true;
  const loadItems = useCallback(async (signal?: AbortSignal) => {
    try {
      setItems(await simpleLookupApi.items(tableId, signal));
    } catch (error) {
      if (!signal?.aborted) notify('error', noticeText('Read', 'error', {}, serverMessage(error)));
    }
  }, [tableId]);

  useEffect(() => {
    setItems(null);
    if (!listChosen) return;
    const abort = new AbortController();
    void loadItems(abort.signal);
    return () => abort.abort();
  }, [listChosen, loadItems]);

  const saveOrder = useCallback(async (ids: number[]) => {
    try {
      setItems(await simpleLookupApi.reorder(tableId, ids));
      notify('success', noticeText('Reorder', 'success'));
      return true;
    } catch (error) {
      notify('error', noticeText('Reorder', 'error', {}, serverMessage(error)));
      void loadItems();
      return false;
    }
  }, [tableId, loadItems]);
  const reorder = useItemReorder(items ?? [], saveOrder, task.kind !== 'none');
  const busy = task.kind !== 'none' || reorder.active;

  function chooseForm(id: number) {
    setFormId(id);
    setTableId(noChoice);
  }
  function chooseList(id: number) {
    setTableId(id);
    storeTableId(id > noChoice ? id : null);
  }
  function done() {
    setTask({ kind: 'none' });
    void loadItems();
  }
  async function confirmDelete() {
    if (task.kind !== 'delete') return;
    setDeleting(true);
    try {
      // Deleted as the item's delete route does: read for update (its lock), then deleted with its lock and version.
      await deleteLocked(apiPath(lowCodeApi.simpleLookupItem, { tableId, id: task.item.Id }), screen.form?.entityLabel ?? 'Lookup Item');
      notify('success', noticeText('Delete', 'success'));
      done();
    } catch (error) {
      notify('error', noticeText('Delete', 'error', {}, serverMessage(error)));
      setTask({ kind: 'none' });
    } finally {
      setDeleting(false);
    }
  }

  const listName = lists?.find((l) => l.Id === tableId)?.Name;
  const editing = task.kind === 'create' || task.kind === 'edit' ? task : null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <div>
        <Typography variant="h1">{entry?.Title ?? screen.title}</Typography>
        <Typography color="text.secondary">{entry?.Description ?? screen.description}</Typography>
      </div>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <LookupSelectors forms={forms} lists={lists} formId={formId} tableId={listChosen ? tableId : noChoice} disabled={busy} onForm={chooseForm} onList={chooseList} />
      </Paper>
      {!listChosen && formId > noChoice && lists && (
        <Alert severity="info">{lists.length ? 'Choose a list to see its items.' : 'This form has no lookup lists.'}</Alert>
      )}
      {formId <= noChoice && <Alert severity="info">Choose a form, or All lists, and then a list to see its items.</Alert>}
      {listChosen && (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {listName}
              {items && <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>({items.length} item{items.length === 1 ? '' : 's'})</Typography>}
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} disabled={busy || !items || !payload} onClick={() => setTask({ kind: 'create' })}>Add Item</Button>
          </Stack>
          {editing?.kind === 'edit' && payload && (
            <Box>
              <LockedItemForm key={`edit-${editing.item.Id}`} screen={screen} entity={payload.Schema} tableId={tableId} item={editing.item} onDone={done} />
            </Box>
          )}
          {editing?.kind === 'create' && payload && (
            <Box>
              <FormScreen
                key="create"
                screen={screen}
                entity={payload.Schema}
                mode="create"
                record={null}
                title={`Add an item to ${listName ?? 'the list'}`}
                save={(values) => simpleLookupApi.create(tableId, values) as unknown as Promise<Record<string, unknown>>}
                onDone={done}
              />
            </Box>
          )}
          {!items && <LinearProgress aria-label="Loading items" />}
          {items && !items.length && !editing && <Alert severity="info">This list has no items yet. Add the first one with Add Item.</Alert>}
          {items && items.length > 0 && (
            <ItemTable
              reorder={reorder}
              locked={busy}
              handlesLocked={task.kind !== 'none'}
              onEdit={(item) => setTask({ kind: 'edit', item })}
              onDelete={(item) => setTask({ kind: 'delete', item })}
            />
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={task.kind === 'delete' && !deleting}
        text="Delete current record?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setTask({ kind: 'none' })}
      />
    </Stack>
  );
}
