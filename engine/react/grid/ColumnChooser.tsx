import { useState } from 'react';
import { Button, Checkbox, ListItemText, Menu, MenuItem } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import type { ColumnDefinition } from '../../core/screen-document.ts';

/** Shows or hides columns; the last visible column cannot be hidden. */
export function ColumnChooser({ columns, visible, onChange }: {
  columns: ColumnDefinition[];
  visible: string[];
  onChange: (cols: string[]) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  function toggle(field: string) {
    const next = visible.includes(field) ? visible.filter((f) => f !== field) : columns.map((c) => c.field).filter((f) => f === field || visible.includes(f));
    if (next.length) onChange(next);
  }
  return (
    <>
      <Button startIcon={<ViewColumnIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">Columns</Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {columns.map((c) => (
          <MenuItem key={c.field} onClick={() => toggle(c.field)} role="menuitemcheckbox" aria-checked={visible.includes(c.field)}>
            <Checkbox edge="start" size="small" checked={visible.includes(c.field)} tabIndex={-1} disableRipple />
            <ListItemText primary={c.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
