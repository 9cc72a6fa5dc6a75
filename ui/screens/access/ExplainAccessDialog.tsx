import { useEffect, useMemo, useState } from 'react';
import {
  Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem,
  ListItemIcon, ListItemText, TextField, Typography,
} from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/CancelOutlined';
import type { PermissionNode, PermissionTree } from '../../../engine/core/access/types.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';

interface ExplainStep { Step: string; Node: string; Detail: string; Granted: boolean }
export interface Explanation { Granted: boolean; Chain: ExplainStep[] }

/** What can be asked about: a module, or one of its route or field nodes. */
interface Target { module: PermissionNode; child: PermissionNode | null }

const targetLabel = (t: Target) => (t.child ? `${t.module.Label}: ${t.child.Label}` : t.module.Label);

/** Every module of the tree, each followed by its routes and fields, as one searchable list. */
export function targetsOf(tree: PermissionTree): Target[] {
  const modules = tree.Nodes.filter((n) => n.Type === 'module').sort((a, b) => a.Label.localeCompare(b.Label));
  return modules.flatMap((module) => [
    { module, child: null },
    ...tree.Nodes.filter((n) => n.ParentId === module.Id).sort((a, b) => a.SortOrder - b.SortOrder).map((child) => ({ module, child })),
  ]);
}

export function explainUrl(userId: number, target: Target): string {
  const query = new URLSearchParams({ userId: String(userId), moduleName: target.module.Name });
  if (target.child?.Type === 'route') query.set('routeName', target.child.Name);
  if (target.child?.Type === 'field') query.set('fieldName', target.child.Name);
  return `/api/Authorize/Explain?${query}`;
}

export interface ExplainAccessDialogProps {
  open: boolean;
  userId: number;
  userName: string;
  onClose(): void;
}

/**
 * 'Why can this user...?': for a module, a screen or a field, whether the user has access and the chain that
 * decided it (master user, each role, the user's override, View All Records, the module a child needs), as the
 * server's evaluator decides it on every request.
 */
export function ExplainAccessDialog({ open, userId, userName, onClose }: ExplainAccessDialogProps) {
  const [tree, setTree] = useState<PermissionTree | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [answer, setAnswer] = useState<Explanation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open || tree) return;
    api.get<PermissionTree>('/api/roles/permission-tree').then(setTree, (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : 'The permissions could not be read.'));
  }, [open, tree]);

  const targets = useMemo(() => (tree ? targetsOf(tree) : []), [tree]);

  async function explain(chosen: Target | null) {
    setTarget(chosen);
    setAnswer(null);
    setFailure(null);
    if (!chosen) return;
    setPending(true);
    try {
      setAnswer(await api.get<Explanation>(explainUrl(userId, chosen)));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'The access could not be explained.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="explain-access-title" maxWidth="sm" fullWidth>
      <DialogTitle id="explain-access-title">Why can {userName}...?</DialogTitle>
      <DialogContent>
        <Autocomplete
          sx={{ mt: 1 }}
          options={targets}
          loading={!tree && !failure}
          value={target}
          onChange={(_event, value) => void explain(value)}
          getOptionLabel={targetLabel}
          groupBy={(t) => t.module.Label}
          isOptionEqualToValue={(a, b) => a.module.Id === b.module.Id && a.child?.Id === b.child?.Id}
          renderInput={(params) => <TextField {...params} label="Module, screen or field" placeholder={tree ? 'Type to search' : 'Please Wait...'} autoFocus />}
        />
        {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
        {pending && <Typography sx={{ mt: 2 }} color="text.secondary">Please Wait...</Typography>}
        {answer && target && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Chip
              color={answer.Granted ? 'success' : 'error'}
              icon={answer.Granted ? <CheckCircleOutline /> : <HighlightOff />}
              label={`${answer.Granted ? 'Granted' : 'Denied'}: ${targetLabel(target)}`}
            />
            <List dense aria-label="How it was decided">
              {answer.Chain.map((step, i) => (
                <ListItem key={i} disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    {step.Granted ? <CheckCircleOutline color="success" fontSize="small" /> : <HighlightOff color="disabled" fontSize="small" />}
                  </ListItemIcon>
                  <ListItemText primary={step.Detail} secondary={`${step.Step} · ${step.Node}`} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
