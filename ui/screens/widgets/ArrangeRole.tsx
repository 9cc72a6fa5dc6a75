import { useEffect, useMemo, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';
import {
  arrangePath, arrangementDomain, arrangementLabel, arrangementPath, kindLabels, reorderMessage, widgetsApi, type Choices, type RoleWidget,
} from './widgets-api.ts';

interface RowProps { widget: RoleWidget; index: number; count: number; readOnly: boolean; onMove: (from: number, to: number) => void }

function SortableRow({ widget, index, count, readOnly, onMove }: RowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: widget.WidgetId, disabled: readOnly });
  return (
    <ListItem ref={setNodeRef} divider data-arrange-id={widget.WidgetId}
      sx={{ transform: CSS.Transform.toString(transform), transition, bgcolor: isDragging ? 'action.selected' : undefined, gap: 1 }}>
      <IconButton {...attributes} {...listeners} disabled={readOnly} aria-label={`Drag ${widget.Title}`} sx={{ cursor: 'grab', touchAction: 'none' }}><DragIndicatorIcon /></IconButton>
      <ListItemText primary={widget.Title} secondary={`${kindLabels[widget.Kind]}, ${widget.Size}`} sx={{ minWidth: 0 }} />
      <IconButton aria-label={`Move ${widget.Title} up`} disabled={readOnly || index === 0} onClick={() => onMove(index, index - 1)}><ArrowUpwardIcon /></IconButton>
      <IconButton aria-label={`Move ${widget.Title} down`} disabled={readOnly || index === count - 1} onClick={() => onMove(index, index + 1)}><ArrowDownwardIcon /></IconButton>
    </ListItem>
  );
}

/**
 * What the drag's live region says, by the widgets' titles and places (dnd-kit's own would say their ids). A move is
 * told only when the place changes: the first 'over' of a pick-up is the widget's own place, and would cut 'Picked up'.
 */
function announcementsFor(widgets: RoleWidget[]): Announcements {
  const title = (id: UniqueIdentifier) => widgets.find((w) => w.WidgetId === id)?.Title ?? 'The widget';
  const place = (id: UniqueIdentifier | undefined) => `position ${widgets.findIndex((w) => w.WidgetId === id) + 1} of ${widgets.length}`;
  let toldOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      toldOver = active.id;
      return `Picked up ${title(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === toldOver) return undefined;
      toldOver = over?.id ?? null;
      return over ? `${title(active.id)} was moved to ${place(over.id)}.` : `${title(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${title(active.id)} was dropped at ${place(over.id)}.` : `${title(active.id)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled: it stays where it was.`,
  };
}

/**
 * One role's home, arranged by dragging a widget's handle (pointer, or the keyboard: space, arrows, space) or with its
 * up and down buttons; each move is saved at once, and a refused one shows 'Reorder' and the order as saved. The home is
 * read for arranging: its lock is held while it is shown; held by another, the order is read-only with the lock message.
 */
function RoleArrangement({ roleId }: { roleId: number }) {
  const locked = useLockedRecord(arrangementPath(roleId), true, { domain: arrangementDomain, recordId: roleId, label: arrangementLabel });
  const [widgets, setWidgets] = useState<RoleWidget[] | null>(null);
  const [failed, setFailed] = useState(false);
  const readOnly = Boolean(locked.readOnlyMessage);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements = useMemo(() => announcementsFor(widgets ?? []), [widgets]);

  useEffect(() => { if (locked.record) setWidgets(locked.record as unknown as RoleWidget[]); }, [locked.record]);
  useEffect(() => { if (locked.failure) setFailed(true); }, [locked.failure]);

  async function move(from: number, to: number) {
    if (!widgets || readOnly || from === to || from < 0 || to < 0) return;
    const next = arrayMove(widgets, from, to);
    setWidgets(next);
    try {
      setWidgets(await locked.write<RoleWidget[]>('POST', arrangePath, { RoleId: roleId, WidgetIds: next.map((w) => w.WidgetId) }));
      setFailed(false);
    } catch {
      setFailed(true);
      widgetsApi.arrangement(roleId).then(setWidgets, () => undefined);
    }
  }

  function dragEnd(event: DragEndEvent) {
    if (!widgets || !event.over) return;
    void move(widgets.findIndex((w) => w.WidgetId === event.active.id), widgets.findIndex((w) => w.WidgetId === event.over!.id));
  }

  return (
    <>
      {failed && <Alert severity="error">{reorderMessage}</Alert>}
      {locked.readOnlyMessage && <Alert severity="warning">{locked.readOnlyMessage}</Alert>}
      {widgets && !widgets.length && <Typography color="text.secondary">No widget is placed on this role's home.</Typography>}
      {!!widgets?.length && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements }}>
          <SortableContext items={widgets.map((w) => w.WidgetId)} strategy={verticalListSortingStrategy}>
            <List aria-label="The role's widgets in order" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {widgets.map((w, i) => <SortableRow key={w.WidgetId} widget={w} index={i} count={widgets.length} readOnly={readOnly} onMove={(a, b) => void move(a, b)} />)}
            </List>
          </SortableContext>
        </DndContext>
      )}
      <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />
    </>
  );
}

/** The role whose home is arranged, and that home (its own lock: another role chosen gives it back and takes that one's). */
export function ArrangeRole({ roles }: { roles: Choices['Roles'] }) {
  const [roleId, setRoleId] = useState<number | ''>(roles[0]?.RoleId ?? '');
  return (
    <Stack spacing={2}>
      <Typography variant="h2">Arrange a role's home</Typography>
      <TextField select label="Role" value={roleId} onChange={(e) => setRoleId(Number(e.target.value))} sx={{ maxWidth: 360 }}>
        {roles.map((r) => <MenuItem key={r.RoleId} value={r.RoleId}>{r.Name}</MenuItem>)}
      </TextField>
      {roleId !== '' && <RoleArrangement key={roleId} roleId={roleId} />}
    </Stack>
  );
}
