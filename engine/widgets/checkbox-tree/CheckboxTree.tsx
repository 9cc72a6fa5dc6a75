import { useId, useMemo, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, IconButton, List, ListItem, Stack } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { assertTreeDepth, expandableIds, isNodeDisabled, isPartlyChecked, setChecked, type TreeNode } from './logic.ts';

/** Props of the nested checkbox tree. */
export interface CheckboxTreeProps {
  label: string;
  nodes: TreeNode[];
  onChange: (nodes: TreeNode[]) => void;
  disabled?: boolean;
}

/**
 * Nested checkboxes up to four levels (permissions of forms and actions), with expand all and
 * collapse all. ActionId 3 children follow their parent; dependent items wait for the item they
 * depend on.
 */
export function CheckboxTree({ label, nodes, onChange, disabled }: CheckboxTreeProps) {
  assertTreeDepth(nodes);
  const labelId = useId();
  const all = useMemo(() => expandableIds(nodes), [nodes]);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const render = (list: TreeNode[], depth: number) => (
    <List dense disablePadding sx={{ pl: depth ? 3 : 0 }}>
      {list.map((node) => {
        const expandable = Boolean(node.children?.length);
        const isOpen = open.has(node.Id);
        return (
          <ListItem key={node.Id} disablePadding sx={{ display: 'block' }}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              {expandable ? (
                <IconButton size="small" aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${node.Name}`} aria-expanded={isOpen}
                  onClick={() => { const n = new Set(open); if (isOpen) n.delete(node.Id); else n.add(node.Id); setOpen(n); }}>
                  {isOpen ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                </IconButton>
              ) : <Box sx={{ width: 34 }} />}
              <FormControlLabel
                label={node.Name}
                control={<Checkbox size="small" checked={node.checked} indeterminate={isPartlyChecked(node)} disabled={disabled || isNodeDisabled(nodes, node)} onChange={(e) => onChange(setChecked(nodes, node.Id, e.target.checked))} />}
              />
            </Box>
            {expandable && isOpen && render(node.children ?? [], depth + 1)}
          </ListItem>
        );
      })}
    </List>
  );
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box id={labelId} sx={{ fontWeight: 600, flex: 1 }}>{label}</Box>
        <Button size="small" onClick={() => setOpen(new Set(all))}>Expand All</Button>
        <Button size="small" onClick={() => setOpen(new Set())}>Collapse All</Button>
      </Stack>
      {render(nodes, 0)}
    </Box>
  );
}
