import { useEffect, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { kindLabels, reorderMessage, widgetsApi, type Choices, type RoleWidget } from './widgets-api.ts';

function SortableRow({ widget, index, count, onMove }: { widget: RoleWidget; index: number; count: number; onMove: (from: number, to: number) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: widget.WidgetId });
  return (
    <ListItem ref={setNodeRef} divider data-arrange-id={widget.WidgetId}
      sx={{ transform: CSS.Transform.toString(transform), transition, bgcolor: isDragging ? 'action.selected' : undefined, gap: 1 }}>
      <IconButton {...attributes} {...listeners} aria-label={`Drag ${widget.Title}`} sx={{ cursor: 'grab', touchAction: 'none' }}><DragIndicatorIcon /></IconButton>
      <ListItemText primary={widget.Title} secondary={`${kindLabels[widget.Kind]}, ${widget.Size}`} sx={{ minWidth: 0 }} />
      <IconButton aria-label={`Move ${widget.Title} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}><ArrowUpwardIcon /></IconButton>
      <IconButton aria-label={`Move ${widget.Title} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}><ArrowDownwardIcon /></IconButton>
    </ListItem>
  );
}

/**
 * One role's home, arranged by dragging a widget's handle (pointer, or the keyboard: space, arrows, space) or with its
 * up and down buttons; each move is saved at once, and a refused one shows 'Reorder' and the order as saved.
 */
export function ArrangeRole({ roles }: { roles: Choices['Roles'] }) {
  const [roleId, setRoleId] = useState<number | ''>(roles[0]?.RoleId ?? '');
  const [widgets, setWidgets] = useState<RoleWidget[] | null>(null);
  const [failed, setFailed] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => {
    if (roleId === '') return;
    setWidgets(null);
    widgetsApi.arrangement(roleId).then(setWidgets, () => setFailed(true));
  }, [roleId]);

  async function move(from: number, to: number) {
    if (!widgets || roleId === '' || from === to) return;
    const next = arrayMove(widgets, from, to);
    setWidgets(next);
    try {
      setWidgets(await widgetsApi.arrange(roleId, next.map((w) => w.WidgetId)));
      setFailed(false);
    } catch {
      setFailed(true);
      widgetsApi.arrangement(roleId).then(setWidgets, () => undefined);
    }
  }

  function dragEnd(event: DragEndEvent) {
    if (!widgets || !event.over) return;
    const from = widgets.findIndex((w) => w.WidgetId === event.active.id);
    const to = widgets.findIndex((w) => w.WidgetId === event.over!.id);
    void move(from, to);
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h2">Arrange a role's home</Typography>
      <TextField select label="Role" value={roleId} onChange={(e) => setRoleId(Number(e.target.value))} sx={{ maxWidth: 360 }}>
        {roles.map((r) => <MenuItem key={r.RoleId} value={r.RoleId}>{r.Name}</MenuItem>)}
      </TextField>
      {failed && <Alert severity="error">{reorderMessage}</Alert>}
      {widgets && !widgets.length && <Typography color="text.secondary">No widget is placed on this role's home.</Typography>}
      {!!widgets?.length && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
          <SortableContext items={widgets.map((w) => w.WidgetId)} strategy={verticalListSortingStrategy}>
            <List aria-label="The role's widgets in order" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {widgets.map((w, i) => <SortableRow key={w.WidgetId} widget={w} index={i} count={widgets.length} onMove={(a, b) => void move(a, b)} />)}
            </List>
          </SortableContext>
        </DndContext>
      )}
    </Stack>
  );
}
