import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Box, Button, ButtonBase, IconButton, InputAdornment, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Clear from '@mui/icons-material/Clear';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Search from '@mui/icons-material/Search';
import UnfoldLess from '@mui/icons-material/UnfoldLess';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import type { PermissionNode, PermissionTree, RolePermission, UserPermission } from '../../core/access/types.ts';
import { widgetMessages } from '../shared/messages.ts';
import {
  allCategoryIds, buildAccessTree, changeUserOverride, modulesUnder, roleGrants, samePermissions, searchModules,
  setRoleReadOnly, setRoleViewAllRecords, toggleRoleAccess, userOverrides, userPayload,
  type CategoryEntry, type ModuleEntry, type RoleGrants, type UserOverrides,
} from './logic.ts';
import { NodeRow, Row, rowState, type Act } from './NodeRow.tsx';

/** The browser skips layout and paint of module blocks out of view. */
const offscreenSkipped = { contentVisibility: 'auto', containIntrinsicSize: 'auto 48px' } as const;


interface EditorBase {
  /** The field's label, shown above the toolbar. */
  label: string;
  required?: boolean;
  tree: PermissionTree;
  disabled?: boolean;
  /** A new tree is on its way: the one shown stays, under a progress bar. */
  busy?: boolean;
}

/** Role mode edits a role's grants; user mode a user's overrides of what the user's roles give. */
export type ModuleAccessEditorProps = EditorBase & (
  | { mode: 'role'; value: RolePermission[] | undefined; onChange: (value: RolePermission[]) => void }
  | { mode: 'user'; value: UserPermission[] | undefined; onChange: (value: UserPermission[]) => void }
);

interface ModuleBlockProps {
  entry: ModuleEntry;
  mode: 'role' | 'user';
  grants: RoleGrants;
  overrides: UserOverrides;
  locked: boolean;
  open: boolean;
  toggle: (id: number) => void;
  act: Act;
  /** Search results: the module's category path instead of its children. */
  flat?: boolean;
  indent: number;
}

/** '1 of 3 actions, 2 of 4 fields granted'. */
function childSummary(entry: ModuleEntry, granted: (n: PermissionNode) => boolean): string {
  const part = (list: PermissionNode[], noun: string) => list.length ? `${list.filter(granted).length} of ${list.length} ${noun}${list.length === 1 ? '' : 's'}` : '';
  return `${[part(entry.routes, 'action'), part(entry.fields, 'field')].filter(Boolean).join(', ')} granted`;
}

/** A module's row and, while it is open and has access, its actions and fields. */
function ModuleBlock({ entry, mode, grants, overrides, locked, open, toggle, act, flat, indent }: ModuleBlockProps) {
  const { module } = entry;
  const state = rowState(mode, module, grants, overrides);
  // A module's actions and fields show only while it has (effective) access.
  const shown = state.access;
  const hasChildren = entry.children.length > 0;
  const expandable = hasChildren && shown && !flat;
  const isOpen = expandable && open;
  const states = isOpen ? entry.children.map((c) => rowState(mode, c, grants, overrides)) : [];
  const caption = flat ? entry.path.join(' › ')
    : !module.AllowUse ? 'Not granted through this editor'
      : !hasChildren ? undefined
        : shown ? childSummary(entry, (c) => rowState(mode, c, grants, overrides).access)
          : 'Grant access to choose its actions and fields';
  const lead = expandable ? (
    <IconButton size="small" aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${module.Label}`} aria-expanded={isOpen} onClick={() => toggle(module.Id)} sx={{ width: 34, height: 34, flex: 'none' }}>
      {isOpen ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
    </IconButton>
  ) : flat ? <Box sx={{ width: 8, flex: 'none' }} /> : <Box sx={{ width: 34, flex: 'none' }} />;
  const group = (title: string, nodes: PermissionNode[], offset: number) => nodes.length > 0 && (
    <Box role="group" aria-label={`${title} of ${module.Label}`}>
      <Typography variant="overline" color="text.secondary" component="div" sx={{ pl: 6.5 + indent * 2.5, lineHeight: 2.4, borderBottom: 1, borderColor: 'divider' }}>{title}</Typography>
      {nodes.map((child, i) => <NodeRow key={child.Id} node={child} mode={mode} locked={locked} depth="child" act={act} moduleLabel={module.Label} indent={indent} {...states[offset + i]} />)}
    </Box>
  );
  return (
    <Box sx={offscreenSkipped}>
      <NodeRow node={module} mode={mode} locked={locked} depth="module" act={act} lead={lead} caption={caption} indent={indent} {...state} />
      {isOpen && (
        <Box sx={{ bgcolor: 'grey.50' }}>
          {group('Actions', entry.routes, 0)}
          {group('Fields', entry.fields, entry.routes.length)}
        </Box>
      )}
    </Box>
  );
}

interface CategoryBlockProps extends Omit<ModuleBlockProps, 'entry' | 'open' | 'toggle' | 'flat' | 'indent'> {
  entry: CategoryEntry;
  openCategories: ReadonlySet<number>;
  openModules: ReadonlySet<number>;
  toggleCategory: (id: number) => void;
  toggleModule: (id: number) => void;
}

/** A category's header (it expands and collapses) and, while open, its modules and sub-categories. */
function CategoryBlock({ entry, openCategories, openModules, toggleCategory, toggleModule, ...shared }: CategoryBlockProps) {
  const id = entry.category.CategoryId;
  const open = openCategories.has(id);
  const title = entry.category.Title || entry.category.Name;
  const all = modulesUnder(entry);
  const granted = all.filter((m) => rowState(shared.mode, m.module, shared.grants, shared.overrides).access).length;
  return (
    <Box role="group" aria-label={title}>
      <ButtonBase
        onClick={() => toggleCategory(id)}
        aria-expanded={open}
        sx={{
          width: '100%', justifyContent: 'flex-start', gap: 1, py: 1, pr: 1.5, pl: 1 + entry.depth * 2.5, textAlign: 'left',
          bgcolor: entry.depth === 0 ? 'grey.100' : 'grey.50', borderBottom: 1, borderColor: 'divider',
          '&:hover': { bgcolor: 'action.selected' }, '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {open ? <ExpandMore fontSize="small" color="action" /> : <ChevronRight fontSize="small" color="action" />}
        <Typography variant="subtitle2" sx={{ flex: 1 }}>{title}</Typography>
        <Typography variant="caption" color="text.secondary" aria-hidden>{granted} of {all.length} module{all.length === 1 ? '' : 's'}</Typography>
      </ButtonBase>
      {open && (
        <Box>
          {entry.modules.map((m) => <ModuleBlock key={m.module.Id} entry={m} open={openModules.has(m.module.Id)} toggle={toggleModule} indent={entry.depth} {...shared} />)}
          {entry.categories.map((c) => (
            <CategoryBlock key={c.category.CategoryId} entry={c} openCategories={openCategories} openModules={openModules} toggleCategory={toggleCategory} toggleModule={toggleModule} {...shared} />
          ))}
        </Box>
      )}
    </Box>
  );
}

const toggled = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

/**
 * The module access editor (spec 3 "Roles"): an expand-all and collapse-all toolbar, a module search box
 * (a flat list of the modules found while text is typed), and the tree grouped by category. Each node has a
 * HasAccess checkbox (disabled where AllowUse is false) and, where offered, 'View All Records'; a module's
 * actions and fields show only while the module has access. In user mode each node shows what the roles give
 * beside override checkboxes that enable the user's own settings. Only the open modules' children are drawn.
 */
export function ModuleAccessEditor(props: ModuleAccessEditorProps) {
  const { label, required, tree, disabled = false, busy = false, mode } = props;
  const labelId = useId();
  const access = useMemo(() => buildAccessTree(tree), [tree]);
  const grants = useMemo(() => (props.mode === 'role' ? roleGrants(access, props.value) : new Map()), [access, props.mode, props.value]);
  // User mode keeps a draft of the overrides, which may hold a ticked override that changes nothing yet; the
  // value is the draft's payload. A value that is not the draft's (a reset, a new record) starts a new draft.
  const [draft, setDraft] = useState<UserOverrides>(() => userOverrides(props.mode === 'user' ? props.value : undefined));
  const [draftOf, setDraftOf] = useState<unknown>(props.value);
  if (props.mode === 'user' && draftOf !== props.value) {
    setDraftOf(props.value);
    if (!samePermissions(userPayload(access, draft), props.value ?? [])) setDraft(userOverrides(props.value));
  }
  const overrides = mode === 'user' ? draft : new Map() as UserOverrides;

  const [openCategories, setOpenCategories] = useState<ReadonlySet<number>>(() => new Set(allCategoryIds(access)));
  const [openModules, setOpenModules] = useState<ReadonlySet<number>>(() => new Set());
  const [search, setSearch] = useState('');
  const found = useMemo(() => searchModules(access, search), [access, search]);

  // The handlers read the latest state through a ref, so they stay the same and the memoised rows do not render.
  const latest = useRef({ props, access, grants, draft });
  latest.current = { props, access, grants, draft };
  const act = useCallback<Act>((id, action, checked) => {
    const { props: p, access: a, grants: g, draft: d } = latest.current;
    if (p.mode === 'role') {
      const next = action === 'viewAll' ? setRoleViewAllRecords(a, g, id, checked)
        : action === 'readOnly' ? setRoleReadOnly(a, g, id, checked)
          : action === 'access' ? toggleRoleAccess(a, g, id, checked) : null;
      if (next) p.onChange(next);
      return;
    }
    const change = {
      access: { HasAccess: checked }, viewAll: { ViewAllRecords: checked }, readOnly: { ReadOnly: checked },
      overrideAccess: { overrideHasAccess: checked }, overrideViewAll: { overrideViewAllRecords: checked },
    }[action];
    const nextDraft = changeUserOverride(a, d, id, change);
    const payload = userPayload(a, nextDraft);
    latest.current.draft = nextDraft;
    setDraft(nextDraft);
    setDraftOf(payload);
    p.onChange(payload);
  }, []);
  // New roles give new inherited access: overrides that now change nothing, or whose module lost its access,
  // leave the value at once, so the form never holds (or saves) an entry that the new roles made wrong.
  const firstAccess = useRef(access);
  useEffect(() => {
    const { props: p, draft: d } = latest.current;
    if (p.mode !== 'user' || access === firstAccess.current) return;
    const payload = userPayload(access, d);
    if (!samePermissions(payload, p.value ?? [])) p.onChange(payload);
  }, [access]);
  const toggleCategory = useCallback((id: number) => setOpenCategories((s) => toggled(s, id)), []);
  const toggleModule = useCallback((id: number) => setOpenModules((s) => toggled(s, id)), []);

  const shared = { mode, grants, overrides, locked: disabled, act };
  const user = mode === 'user';
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle1" component="div" sx={{ fontWeight: 600, mb: 1 }}>
        {label}{required && <Box component="span" aria-hidden sx={{ color: 'error.main' }}> *</Box>}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 1.5, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider' }}>
          <TextField
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search modules"
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search modules' },
              input: {
                startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment>,
                endAdornment: search ? (
                  <InputAdornment position="end">
                    <IconButton size="small" aria-label="Clear search" onClick={() => setSearch('')} edge="end"><Clear fontSize="small" /></IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
          <Box sx={{ flex: 1 }} />
          <Button size="small" startIcon={<UnfoldMore />} disabled={Boolean(search)}
            onClick={() => { setOpenCategories(new Set(allCategoryIds(access))); setOpenModules(new Set(access.modules.filter((m) => m.children.length).map((m) => m.module.Id))); }}>
            Expand All
          </Button>
          <Button size="small" startIcon={<UnfoldLess />} disabled={Boolean(search)} onClick={() => { setOpenCategories(new Set()); setOpenModules(new Set()); }}>
            Collapse All
          </Button>
        </Stack>
        {busy ? <LinearProgress aria-label={widgetMessages.pleaseWait} /> : <Box sx={{ height: 4 }} />}
        {/* Narrower than its columns (a phone), the tree scrolls sideways inside the editor rather than being cut off;
            positioned, so the rows' visually hidden labels stay inside it. */}
        <Box sx={{ overflowX: 'auto', position: 'relative' }}>
          <Box sx={{ minWidth: user ? 560 : 420 }}>
            <Row aria-hidden className={`head${user ? ' user' : ''}`}>
              <span>Module</span>
              {user && <span>From roles</span>}
              {user ? (['Access', 'View All Records / Read-only'] as const).map((title) => (
                <span key={title} className="ma-cell" style={{ flexDirection: 'column' }}>
                  <span>{title}</span>
                  <span style={{ display: 'flex', fontWeight: 400 }}><span className="ma-half">Override</span><span className="ma-half">Allowed</span></span>
                </span>
              )) : (
                <>
                  <span className="ma-cell">Access</span>
                  <span className="ma-cell">View All Records / Read-only</span>
                </>
              )}
            </Row>
            <Box sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {search ? (
                <Box role="region" aria-label="Search results">
                  <Typography variant="caption" color="text.secondary" component="div" role="status" sx={{ px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                    {found.length ? `${found.length} module${found.length === 1 ? '' : 's'} found` : widgetMessages.noResults}
                  </Typography>
                  {found.map((m) => <ModuleBlock key={m.module.Id} entry={m} open={false} toggle={toggleModule} flat indent={0} {...shared} />)}
                </Box>
              ) : access.categories.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }}>There are no modules.</Typography>
              ) : access.categories.map((c) => (
                <CategoryBlock key={c.category.CategoryId} entry={c} openCategories={openCategories} openModules={openModules} toggleCategory={toggleCategory} toggleModule={toggleModule} {...shared} />
              ))}
            </Box>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
