import { useEffect, useId, useState } from 'react';
import { Box, Checkbox, CircularProgress, FormControlLabel, FormLabel, IconButton, List, ListItem, Typography } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { FieldProps } from '@rjsf/utils';
import { useWidgetData, type WizardLevel, type WizardNodeData } from '../data-context.tsx';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { widgetMessages } from '../shared/messages.ts';
import { attachChildren, selectedWizardIds, toggleWizardNode, type WizardNode } from './logic.ts';

/** ui:options of the wizard picker: the hierarchy's levels, top first. */
export interface WizardPickerOptions { levels?: WizardLevel[] }

function toNodes(data: WizardNodeData[], selected: ReadonlySet<number>): WizardNode[] {
  return data.map((d) => ({ ...d, IsChecked: selected.has(d.Id) }));
}

/**
 * Wizard picker (ui:field "wizardPicker") over a hierarchy fetched one level per call: the value is
 * the list of selected node Ids. Selecting a node selects its parents; deselecting a node
 * deselects its children.
 */
export function WizardPickerField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly } = props;
  const levels = fieldOptions<WizardPickerOptions>(props.uiSchema).levels ?? [];
  const data = useWidgetData();
  const labelId = useId();
  const [nodes, setNodes] = useState<WizardNode[] | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [loading, setLoading] = useState<Set<number>>(new Set());
  const selected = new Set<number>(Array.isArray(formData) ? formData : []);

  useEffect(() => {
    let live = true;
    if (!levels[0]) return;
    data.loadWizardLevel(levels[0], null).then(
      (top) => live && setNodes(toNodes(top, selected)),
      (error) => { if (live) { setNodes([]); data.notify?.('Read', error); } },
    );
    return () => { live = false; };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the top level is fetched once

  const commit = (next: WizardNode[]) => {
    setNodes(next);
    onChange(selectedWizardIds(next), fieldPathId.path);
  };

  const expand = async (node: WizardNode, depth: number) => {
    const open = new Set(expanded);
    if (open.has(node.Id)) open.delete(node.Id);
    else open.add(node.Id);
    setExpanded(open);
    const level = levels[depth + 1];
    if (!open.has(node.Id) || node.ChildNodes || !level) return;
    setLoading((l) => new Set(l).add(node.Id));
    try {
      const children = toNodes(await data.loadWizardLevel(level, node.Id), selected);
      setNodes((current) => attachChildren(current ?? [], node.Id, children));
    } catch (error) {
      data.notify?.('Read', error);
    } finally {
      setLoading((l) => { const n = new Set(l); n.delete(node.Id); return n; });
    }
  };

  const render = (list: WizardNode[], depth: number) => (
    <List dense disablePadding sx={{ pl: depth ? 3 : 0 }}>
      {list.map((node) => {
        const hasLevelBelow = depth + 1 < levels.length;
        const open = expanded.has(node.Id);
        return (
          <ListItem key={node.Id} disablePadding sx={{ display: 'block' }}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              {hasLevelBelow ? (
                <IconButton size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${node.Name}`} aria-expanded={open} onClick={() => expand(node, depth)}>
                  {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                </IconButton>
              ) : <Box sx={{ width: 34 }} />}
              <FormControlLabel
                label={node.Name}
                control={<Checkbox size="small" checked={node.IsChecked} disabled={disabled || readonly} onChange={(e) => commit(toggleWizardNode(nodes ?? [], node.Id, e.target.checked))} />}
              />
              {loading.has(node.Id) && <CircularProgress size={16} aria-label={widgetMessages.pleaseWait} />}
            </Box>
            {open && node.ChildNodes && render(node.ChildNodes, depth + 1)}
          </ListItem>
        );
      })}
    </List>
  );

  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{fieldLabel(props)}</FormLabel>
      {nodes === null ? <CircularProgress size={20} aria-label={widgetMessages.pleaseWait} /> : nodes.length === 0 ? (
        <Typography color="text.secondary">{widgetMessages.wizardEmpty}</Typography>
      ) : render(nodes, 0)}
    </Box>
  );
}
