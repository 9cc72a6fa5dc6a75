import { memo, type ReactNode } from 'react';
import { alpha, Checkbox, styled, useTheme } from '@mui/material';
import type { PermissionNode } from '../../core/access/types.ts';
import { userNodeState, type RoleGrants, type UserOverrides } from './logic.ts';

/**
 * One node of the module access editor: its label, and its checkboxes in the columns of the mode (access; View All
 * Records for a module that offers it; read-only for a field, spec 2 section 6's field levels).
 */

export type Action = 'access' | 'viewAll' | 'readOnly' | 'overrideAccess' | 'overrideViewAll';
export type Act = (id: number, action: Action, checked: boolean) => void;

/** A node's checkboxes as a row shows them (user-mode fields are left out in role mode). */
export interface RowState {
  access: boolean;
  viewAll: boolean;
  viewAllOffered: boolean;
  /** A field's level: read-only rather than editable. */
  readOnly: boolean;
  inheritedReadOnly?: boolean;
  inheritedAccess?: boolean;
  inheritedViewAll?: boolean;
  overrideAccess?: boolean;
  overrideViewAll?: boolean;
}

/**
 * One node's row: a grid of its name and its checkbox columns. The rows share these styles through class
 * names, so a tree of hundreds of rows costs one style, not one per element.
 */
export const Row = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 96px 136px',
  alignItems: 'center',
  columnGap: theme.spacing(1),
  minHeight: 40,
  paddingRight: theme.spacing(1.5),
  borderBottom: `1px solid ${theme.palette.divider}`,
  '&.user': { gridTemplateColumns: 'minmax(0, 1fr) 112px 128px 128px' },
  '&.module': { minHeight: 48 },
  '&.body:hover': { backgroundColor: theme.palette.action.hover },
  '&.head': { ...theme.typography.caption, fontWeight: 600, lineHeight: 1.4, color: theme.palette.text.secondary, minHeight: 0, padding: theme.spacing(0.75, 1.5) },
  '& .ma-label': { display: 'flex', alignItems: 'center', minWidth: 0 },
  '& .ma-text': { minWidth: 0, padding: theme.spacing(0.5, 0) },
  '& .ma-title': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), minWidth: 0 },
  '& .ma-name': { ...theme.typography.body2, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .ma-kind': {
    flex: 'none', padding: '0 6px', borderRadius: 4, fontSize: 11, fontWeight: 600, lineHeight: 1.6, letterSpacing: 0.3,
    border: `1px solid ${theme.palette.divider}`, color: theme.palette.text.secondary,
  },
  '& .ma-kind.page': { color: theme.palette.primary.dark, borderColor: alpha(theme.palette.primary.main, 0.4), backgroundColor: alpha(theme.palette.primary.main, 0.06) },
  '& .ma-kind.form': { color: theme.palette.secondary.dark, borderColor: alpha(theme.palette.secondary.main, 0.4), backgroundColor: alpha(theme.palette.secondary.main, 0.06) },
  '&.module .ma-name': { fontWeight: 600 },
  '& .ma-name.unusable': { color: theme.palette.text.disabled },
  '& .ma-caption': { ...theme.typography.caption, display: 'block', color: theme.palette.text.secondary, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .ma-cell': { display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center' },
  '& .ma-half': { display: 'flex', alignItems: 'center', justifyContent: 'center', width: 64 },
  '& .ma-check': { padding: 6 },
  '& .ma-badge': {
    display: 'inline-block', padding: '1px 8px', borderRadius: 10, fontSize: 12, fontWeight: 600, lineHeight: 1.6,
    border: `1px solid ${theme.palette.divider}`, color: theme.palette.text.secondary,
  },
  '& .ma-badge.yes': { color: theme.palette.success.dark, borderColor: theme.palette.success.light, backgroundColor: alpha(theme.palette.success.main, 0.08) },
  '& .ma-inherited': { display: 'flex', alignItems: 'center', gap: theme.spacing(0.5) },
  '& .ma-note': { ...theme.typography.caption, color: theme.palette.text.secondary },
  '& .ma-hidden': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
}));


export function rowState(mode: 'role' | 'user', node: PermissionNode, grants: RoleGrants, overrides: UserOverrides): RowState {
  if (mode === 'user') return userNodeState(node, overrides.get(node.Id));
  const grant = grants.get(node.Id);
  const access = grant?.HasAccess === true;
  return {
    access, viewAll: access && node.AllowViewAllRecords && grant?.ViewAllRecords === true, viewAllOffered: node.AllowViewAllRecords && access,
    readOnly: access && node.Type === 'field' && grant?.ReadOnly === true,
  };
}

/** The read-only 'From roles' badge of user mode. */
function Inherited({ access, viewAll, offered, readOnly }: { access: boolean; viewAll: boolean; offered: boolean; readOnly: boolean }) {
  return (
    <span className="ma-inherited">
      <span className={access ? 'ma-badge yes' : 'ma-badge'}><span className="ma-hidden">From roles: </span>{access ? 'Yes' : 'No'}</span>
      {offered && viewAll && <span className="ma-note">all records</span>}
      {readOnly && <span className="ma-note">read-only</span>}
    </span>
  );
}

interface CheckProps { label: string; checked: boolean; disabled: boolean; onChange: (checked: boolean) => void; tone?: 'override' }

function Check({ label, checked, disabled, onChange, tone }: CheckProps) {
  return (
    <span className="ma-half">
      <Checkbox
        size="small"
        className="ma-check"
        checked={checked}
        disabled={disabled}
        color={tone === 'override' ? 'secondary' : 'primary'}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </span>
  );
}

export interface NodeRowProps extends RowState {
  node: PermissionNode;
  mode: 'role' | 'user';
  locked: boolean;
  depth: 'module' | 'child';
  act: Act;
  /** The module's expand button (or its place), and what is shown under the label. */
  lead?: ReactNode;
  caption?: ReactNode;
  /** A child's module. */
  moduleLabel?: string;
  /** The depth of the module's category. */
  indent: number;
}

/** One node: its label, and its checkboxes in the columns of the mode. */
export const NodeRow = memo(function NodeRow(p: NodeRowProps) {
  const { node, mode, locked, act } = p;
  const theme = useTheme();
  // A child's checkboxes name its module too: every module has its 'Create'.
  const name = p.moduleLabel ? `${p.moduleLabel}: ${node.Label}` : node.Label;
  const disabled = locked || !node.AllowUse;
  const user = mode === 'user';
  return (
    <Row className={`body ${p.depth}${user ? ' user' : ''}`} style={{ paddingLeft: theme.spacing((p.depth === 'module' ? 0.5 : 6.5) + p.indent * 2.5) }}>
      <span className="ma-label">
        {p.lead}
        <span className="ma-text">
          <span className="ma-title">
            <span className={node.AllowUse ? 'ma-name' : 'ma-name unusable'} title={node.Name}>{node.Label}</span>
            {/* A page and the form it shows read alike: the kind says which is which (issue 29). */}
            {node.Kind && <span className={`ma-kind ${node.Kind.toLowerCase()}`}>{node.Kind}</span>}
          </span>
          {node.Hint && node.Kind !== 'Screen' && <span className="ma-caption">{node.Hint}</span>}
          {p.caption && <span className="ma-caption">{p.caption}</span>}
        </span>
      </span>
      {user && <Inherited access={p.inheritedAccess ?? false} viewAll={p.inheritedViewAll ?? false} offered={node.AllowViewAllRecords} readOnly={p.inheritedReadOnly ?? false} />}
      <span className="ma-cell">
        {user && <Check tone="override" label={`Override access to ${name}`} checked={p.overrideAccess ?? false} disabled={disabled} onChange={(c) => act(node.Id, 'overrideAccess', c)} />}
        <Check label={`Access to ${name}`} checked={p.access} disabled={disabled || (user && !p.overrideAccess)} onChange={(c) => act(node.Id, 'access', c)} />
      </span>
      <span className="ma-cell">
        {node.AllowViewAllRecords && p.viewAllOffered && (
          <>
            {user && <Check tone="override" label={`Override View All Records for ${name}`} checked={p.overrideViewAll ?? false} disabled={disabled} onChange={(c) => act(node.Id, 'overrideViewAll', c)} />}
            <Check label={`View All Records for ${name}`} checked={p.viewAll} disabled={disabled || (user && !p.overrideViewAll)} onChange={(c) => act(node.Id, 'viewAll', c)} />
          </>
        )}
        {node.Type === 'field' && p.access && (
          <>
            {user && <span className="ma-half" />}
            <Check label={`Read-only ${name}`} checked={p.readOnly} disabled={disabled || (user && !p.overrideAccess)} onChange={(c) => act(node.Id, 'readOnly', c)} />
          </>
        )}
      </span>
    </Row>
  );
});

