import { useEffect, useRef } from 'react';
import { visuallyHidden } from '../visually-hidden.ts';
import { Box, Chip, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { SimpleLookupItem } from '../../../engine/core/lowcode/api.ts';
import type { ItemReorder } from './useItemReorder.ts';

export interface ItemTableProps {
  reorder: ItemReorder<SimpleLookupItem>;
  /** Edit, delete and reorder wait while another of them is under way. */
  locked: boolean;
  /** The handles wait only while an item is edited or deleted (a reorder's own handle keeps its focus). */
  handlesLocked: boolean;
  onEdit: (item: SimpleLookupItem) => void;
  onDelete: (item: SimpleLookupItem) => void;
}

const instructionsId = 'simple-lookup-reorder-help';

/** A list's items in order, each with a reorder handle, Edit and Delete. */
export function ItemTable({ reorder, locked, handlesLocked, onEdit, onDelete }: ItemTableProps) {
  const { shown, movingId, keyboardId, announcement } = reorder;
  const body = useRef<HTMLTableSectionElement>(null);
  // Rows moved in the DOM can lose the focus: the handle of the item moved by keyboard gets it back.
  useEffect(() => {
    if (keyboardId === null) return;
    const handle = body.current?.querySelector<HTMLElement>(`[data-reorder-handle="${keyboardId}"]`);
    if (handle && document.activeElement !== handle && (document.activeElement === document.body || body.current?.contains(document.activeElement))) handle.focus();
  }, [shown, keyboardId]);
  return (
    <Paper variant="outlined">
      <Typography id={instructionsId} sx={visuallyHidden}>
        To reorder with the keyboard, press Space on an item&apos;s handle to pick it up, the up and down arrow keys to move it, Space to drop it, or Escape to cancel. Items can also be dragged.
      </Typography>
      <Box role="status" aria-live="assertive" sx={visuallyHidden}>{announcement}</Box>
      <TableContainer>
        <Table size="small" aria-label="Items">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}><Box component="span" sx={visuallyHidden}>Order</Box></TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Description</TableCell>
              <TableCell sx={{ width: 110 }}>Active</TableCell>
              <TableCell align="right" sx={{ width: 120 }}>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody ref={body}>
            {shown.map((item, index) => {
              const moving = movingId === item.Id;
              const drag = reorder.dragProps(item);
              return (
                <TableRow
                  key={item.Id}
                  hover
                  {...drag}
                  draggable={drag.draggable && !handlesLocked}
                  data-item-id={item.Id}
                  selected={moving}
                  sx={{ cursor: handlesLocked ? 'default' : 'grab', ...(moving ? { outline: 2, outlineColor: 'primary.main', outlineStyle: 'dashed', outlineOffset: -2 } : {}) }}
                >
                  <TableCell>
                    <Tooltip title="Drag, or press Space to move with the arrow keys">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Reorder ${item.Name}`}
                          aria-describedby={instructionsId}
                          aria-pressed={moving}
                          disabled={handlesLocked}
                          data-reorder-handle={item.Id}
                          onKeyDown={reorder.handleKeyDown(item)}
                          // A click does nothing alone: the keys do the moving; a pointer drags the row.
                          onClick={(e) => e.preventDefault()}
                          sx={{ cursor: 'grab' }}
                        >
                          <DragIndicatorIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 20 }}>{index + 1}.</Typography>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>{item.Name}</Typography>
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>{item.Description}</TableCell>
                  <TableCell>
                    <Chip size="small" label={item.IsActive ? 'Yes' : 'No'} color={item.IsActive ? 'success' : 'default'} variant="outlined" />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <span>
                        <IconButton size="small" aria-label={`Edit ${item.Name}`} disabled={locked} onClick={() => onEdit(item)}><EditIcon fontSize="small" /></IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <span>
                        <IconButton size="small" aria-label={`Delete ${item.Name}`} disabled={locked} onClick={() => onDelete(item)} color="error"><DeleteIcon fontSize="small" /></IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
