import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, IconButton, LinearProgress, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import type { FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ApiError } from '../../api/client.ts';
import { formApi } from './form-api.ts';
import { activeRange, type FieldLinks } from './field-routes.ts';
import { idle, moveItem, reorderKey, type ReorderState } from './reorder.ts';

export interface FieldListProps {
  formId: number;
  udfs: boolean;
  title: string;
  /** Field type labels by key. */
  typeLabels: ReadonlyMap<string, string>;
  links: FieldLinks;
}

/**
 * One of the form's two field lists, in an accordion: its rows with Edit, Copy and Delete, Add, and
 * reordering by dragging a row or by keyboard on its handle. A new order is saved at once with the
 * list's own call (all its ids), then the list is read again.
 */
export function FieldList({ formId, udfs, title, typeLabels, links }: FieldListProps) {
  const [fields, setFields] = useState<FormFieldRecord[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<ReorderState>(idle([]));
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());
  // The handle to give the focus back to once the list has been read again after a save.
  const refocus = useRef<number | null>(null);
  const headingId = `${udfs ? 'udf' : 'field'}-list-${formId}`;

  const load = useCallback(async () => {
    try {
      const loaded = await formApi.fields(formId, udfs);
      setFields(loaded);
      setState(idle(loaded.map((f) => f.FormFieldId)));
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : noticeText('List', 'error'));
    }
  }, [formId, udfs]);

  useEffect(() => { void load(); }, [load]);

  // A moved row is re-inserted in the document, which takes the focus away from its handle: give it back.
  useLayoutEffect(() => {
    const id = state.grabbed ?? (saving ? null : refocus.current);
    if (id === null) return;
    const handle = handles.current.get(id);
    if (handle && document.activeElement !== handle) handle.focus();
    if (state.grabbed === null && handle) refocus.current = null;
  }, [state, saving, fields]);

  const byId = new Map((fields ?? []).map((f) => [f.FormFieldId, f]));
  const nameOf = (id: number) => byId.get(id)?.Name ?? 'Field';

  async function save(order: number[]) {
    setSaving(true);
    try {
      await formApi.reorder(formId, udfs, order);
      notify('success', noticeText('Reorder', 'success'));
    } catch (error) {
      notify('error', noticeText('Reorder', 'error', {}, error instanceof ApiError ? error.message : undefined));
    }
    await load();
    setSaving(false);
  }

  function keyDown(id: number, event: KeyboardEvent) {
    if (saving) return;
    const step = reorderKey(state, id, event.key, nameOf);
    if (!step.handled) return;
    event.preventDefault();
    event.stopPropagation();
    setState(step.state);
    if (step.announcement) setAnnouncement(step.announcement);
    if (step.commit) {
      refocus.current = id;
      void save(step.commit);
    }
  }

  // Dragging with a pointer: the row follows the pointer over the others; dropping saves, dropping elsewhere puts it back.
  const dropped = useRef(false);
  function dragStart(id: number, event: DragEvent) {
    dropped.current = false;
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(id));
    setDragging(id);
    setState((s) => ({ ...s, before: s.order }));
  }
  function dragOver(overId: number, event: DragEvent) {
    if (dragging === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (overId === dragging) return;
    setState((s) => ({ ...s, order: moveItem(s.order, s.order.indexOf(dragging), s.order.indexOf(overId)) }));
  }
  function drop(event: DragEvent) {
    if (dragging === null) return;
    event.preventDefault();
    dropped.current = true;
    const changed = state.before && state.before.join() !== state.order.join();
    setAnnouncement(`${nameOf(dragging)} dropped at position ${state.order.indexOf(dragging) + 1} of ${state.order.length}.`);
    setDragging(null);
    setState(idle(state.order));
    if (changed) void save(state.order);
  }
  function dragEnd() {
    if (!dropped.current) setState((s) => idle(s.before ?? s.order));
    setDragging(null);
  }

  const rows = state.order.map((id) => byId.get(id)).filter((f): f is FormFieldRecord => Boolean(f));
  const what = udfs ? 'user-defined field' : 'field';
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${headingId}-content`} id={headingId}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="span">{title}</Typography>
          {fields && <Chip size="small" label={fields.length} aria-label={`${fields.length} ${what}(s)`} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-content`}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {rows.length > 1 ? 'Drag a row by its handle, or focus the handle and press Space, the arrow keys, then Space again, to change the order.' : ' '}
            </Typography>
            {links.add && (
              <Button component={RouterLink} to={links.add(udfs)} startIcon={<AddIcon />} variant="contained" size="small" sx={{ flexShrink: 0 }}>
                {udfs ? 'Add User-Defined Field' : 'Add Field'}
              </Button>
            )}
          </Stack>
          <Box sx={{ minHeight: 4 }}>{(saving || (!fields && !failure)) && <LinearProgress aria-label={saving ? 'Saving the new order' : `Loading ${title}`} />}</Box>
          {failure && <Alert severity="error">{failure}</Alert>}
          {fields && !rows.length && <Typography color="text.secondary">No {what}s yet.</Typography>}
          {rows.length > 0 && (
            <Table size="small" aria-labelledby={headingId} aria-busy={saving}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }}><Box component="span" sx={visuallyHidden}>Order</Box></TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Report Label</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Active</TableCell>
                  {udfs && <TableCell>Active Range</TableCell>}
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((field) => {
                  const id = field.FormFieldId;
                  const grabbed = state.grabbed === id || dragging === id;
                  return (
                    <TableRow
                      key={id}
                      data-testid={`field-row-${id}`}
                      draggable={!saving}
                      onDragStart={(e) => dragStart(id, e)}
                      onDragOver={(e) => dragOver(id, e)}
                      onDrop={drop}
                      onDragEnd={dragEnd}
                      selected={grabbed}
                      sx={{ opacity: saving ? 0.6 : 1, outline: grabbed ? 2 : 0, outlineColor: 'primary.main', outlineStyle: 'solid' }}
                    >
                      <TableCell padding="checkbox">
                        <IconButton
                          ref={(el) => { if (el) handles.current.set(id, el); else handles.current.delete(id); }}
                          size="small"
                          aria-label={`Reorder ${field.Name}`}
                          aria-pressed={state.grabbed === id}
                          aria-describedby={`${headingId}-help`}
                          disabled={saving}
                          onKeyDown={(e) => keyDown(id, e)}
                          sx={{ cursor: 'grab' }}
                        >
                          <DragIndicatorIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                      <TableCell>{field.Name}</TableCell>
                      <TableCell>{field.ReportLabelText ?? ''}</TableCell>
                      <TableCell>
                        {typeLabels.get(field.FieldType) ?? field.FieldType}
                        {field.TypeChange?.State === 'Converting' && (
                          <Chip size="small" color="info" variant="outlined" sx={{ ml: 1 }}
                            label={`Changing to ${typeLabels.get(field.TypeChange.To) ?? field.TypeChange.To} (${field.TypeChange.Total ? Math.floor((100 * field.TypeChange.Done) / field.TypeChange.Total) : 0}%)`} />
                        )}
                      </TableCell>
                      <TableCell>{field.IsActive ? 'Yes' : 'No'}</TableCell>
                      {udfs && <TableCell>{activeRange(field.StartDate, field.EndDate)}</TableCell>}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {links.edit && <RowAction label={`Edit ${field.Name}`} to={links.edit(id)} icon={<EditIcon fontSize="small" />} />}
                        {links.copy && <RowAction label={`Copy ${field.Name}`} to={links.copy(udfs, id)} icon={<ContentCopyIcon fontSize="small" />} />}
                        {links.remove && !field.IsReserved && <RowAction label={`Delete ${field.Name}`} to={links.remove(id)} icon={<DeleteIcon fontSize="small" />} />}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
          <Box component="span" id={`${headingId}-help`} sx={visuallyHidden}>Press Space to pick up, the arrow keys to move, Space to drop, Escape to cancel.</Box>
          <Box role="status" aria-live="assertive" sx={visuallyHidden}>{announcement}</Box>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function RowAction({ label, to, icon }: { label: string; to: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={to} size="small" aria-label={label}>{icon}</IconButton>
    </Tooltip>
  );
}
