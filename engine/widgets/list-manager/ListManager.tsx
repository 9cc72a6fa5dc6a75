import { useEffect, useReducer, useState } from 'react';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import {
  ListAction, copyItem, initialListState, listManagerReducer, nextSortOrder, reorderSortOrder, sortItems, type ListItem as Item,
} from './logic.ts';

/** The data service behind a list manager; each call returns the list as it now is. */
export interface ListManagerService {
  create(item: Item): Promise<Item[]>;
  update(item: Item): Promise<Item[]>;
  delete(item: Item): Promise<Item[]>;
  /** Takes the item with its new SortOrder and returns the new list. */
  reorder(item: Item): Promise<Item[]>;
}

/** Props of the list manager. */
export interface ListManagerProps {
  title: string;
  items: Item[];
  service: ListManagerService;
  /** Told the new list after every successful change. */
  onItemsChange?: (items: Item[]) => void;
  disabled?: boolean;
  /** Raises a named notice ('Reorder', ...) when a call fails. */
  notify?: (notice: 'Reorder' | 'Create' | 'Update' | 'Delete', error: unknown) => void;
}

/**
 * The list manager: LIST, CREATE, UPDATE, DELETE, READ, REORDER and COPY over a sorted list of
 * named items. Reorder: choose an item, then drop it at a position; every button is a real button,
 * so the whole flow works from the keyboard.
 */
export function ListManager({ title, items: initial, service, onItemsChange, disabled, notify }: ListManagerProps) {
  const [items, setItems] = useState(() => sortItems(initial));
  const [state, dispatch] = useReducer(listManagerReducer, initialListState);
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  // A new list model from outside returns the manager to LIST.
  useEffect(() => {
    setItems(sortItems(initial));
    dispatch({ type: 'modelChanged' });
  }, [initial]);

  const run = async (call: Promise<Item[]>, notice: 'Reorder' | 'Create' | 'Update' | 'Delete') => {
    setFailure(null);
    try {
      const next = sortItems(await call);
      setItems(next);
      onItemsChange?.(next);
      dispatch({ type: 'finished' });
    } catch (error) {
      setFailure(`${notice} failed.`);
      notify?.(notice, error);
    }
  };

  const start = (action: (typeof ListAction)[keyof typeof ListAction], item?: Item) => {
    setName(item?.Name ?? '');
    dispatch({ type: 'start', action, item });
  };

  const editing = state.action === ListAction.CREATE || state.action === ListAction.UPDATE || state.action === ListAction.COPY;
  const reordering = state.action === ListAction.REORDER;
  const busy = state.action !== ListAction.LIST;

  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    if (state.action === ListAction.UPDATE && state.item) void run(service.update({ ...state.item, Name: trimmed }), 'Update');
    else if (state.action === ListAction.COPY && state.item) void run(service.create({ ...copyItem(state.item, items), Name: trimmed }), 'Create');
    else void run(service.create({ Id: 0, Name: trimmed, SortOrder: nextSortOrder(items) }), 'Create');
  };

  const dropTarget = (position: number) => {
    const moving = state.moving;
    if (!moving) return null;
    const noMove = position === moving.SortOrder || position === moving.SortOrder - 1;
    return (
      <ListItem key={`drop-${position}`} sx={{ py: 0 }}>
        <Button size="small" variant="outlined" disabled={noMove} fullWidth
          onClick={() => void run(service.reorder({ ...moving, SortOrder: reorderSortOrder(moving.SortOrder, position) }), 'Reorder')}>
          {position === 0 ? `Move ${moving.Name} to the top` : `Move ${moving.Name} after ${items[position - 1]?.Name}`}
        </Button>
      </ListItem>
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ flex: 1 }}>{title}</Typography>
        {!busy && (
          <>
            <Button disabled={disabled || items.length < 2} onClick={() => start(ListAction.REORDER)}>Reorder</Button>
            <Button variant="contained" disabled={disabled} onClick={() => start(ListAction.CREATE)}>Add</Button>
          </>
        )}
        {reordering && <Button onClick={() => dispatch({ type: 'cancel' })}>Cancel Reorder</Button>}
      </Stack>
      {failure && <Alert severity="error" sx={{ mb: 1 }}>{failure}</Alert>}
      {editing && (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }} role="form" aria-label={state.action === ListAction.UPDATE ? 'Edit item' : 'New item'}>
          <TextField label="Name" required autoFocus fullWidth value={name} slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
            onChange={(e) => setName(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') save(); }} />
          <Button variant="contained" disabled={!name.trim()} onClick={save}>Save</Button>
          <Button onClick={() => dispatch({ type: 'cancel' })}>Cancel</Button>
        </Stack>
      )}
      {state.action === ListAction.DELETE && state.item && (
        <Alert severity="warning" sx={{ mb: 1 }} action={
          <>
            <Button color="inherit" onClick={() => void run(service.delete(state.item!), 'Delete')}>Delete</Button>
            <Button color="inherit" onClick={() => dispatch({ type: 'cancel' })}>Cancel</Button>
          </>
        }>{`Delete ${state.item.Name}?`}</Alert>
      )}
      {state.action === ListAction.READ && state.item && (
        <Alert severity="info" sx={{ mb: 1 }} action={<Button color="inherit" onClick={() => dispatch({ type: 'cancel' })}>Close</Button>}>
          {`${state.item.Name} (Id ${state.item.Id}, sort order ${state.item.SortOrder})`}
        </Alert>
      )}
      <List dense aria-label={`${title} items`}>
        {reordering && dropTarget(0)}
        {items.flatMap((item) => [
          <ListItem key={item.Id} sx={{ bgcolor: state.moving?.Id === item.Id ? 'action.selected' : undefined }} secondaryAction={
            reordering ? (
              <Button size="small" disabled={state.moving?.Id === item.Id} onClick={() => dispatch({ type: 'choose', item })}>{`Choose ${item.Name}`}</Button>
            ) : (
              <>
                <IconButton aria-label={`View ${item.Name}`} disabled={busy} onClick={() => start(ListAction.READ, item)}><Visibility fontSize="small" /></IconButton>
                <IconButton aria-label={`Edit ${item.Name}`} disabled={busy || disabled} onClick={() => start(ListAction.UPDATE, item)}><Edit fontSize="small" /></IconButton>
                <IconButton aria-label={`Copy ${item.Name}`} disabled={busy || disabled} onClick={() => start(ListAction.COPY, item)}><ContentCopy fontSize="small" /></IconButton>
                <IconButton aria-label={`Delete ${item.Name}`} disabled={busy || disabled} onClick={() => start(ListAction.DELETE, item)}><Delete fontSize="small" /></IconButton>
              </>
            )
          }>
            <ListItemText primary={item.Name} />
          </ListItem>,
          reordering ? dropTarget(item.SortOrder) : null,
        ])}
      </List>
      {items.length === 0 && <Box sx={{ color: 'text.secondary' }}>No items.</Box>}
    </Paper>
  );
}
