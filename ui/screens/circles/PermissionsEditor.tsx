import { useMemo } from 'react';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { CheckboxTree } from '../../../engine/widgets/checkbox-tree/CheckboxTree.tsx';
import type { CombinedForm, IdName } from './circle-api.ts';
import { IdNamePicker } from './IdNamePicker.tsx';
import { lockedActionIds, permissionsAfter, permissionTree } from './permission-tree.ts';

export interface PermissionsEditorProps {
  /** Names the controls apart where two editors could be on one page. */
  label: string;
  roleOptions: readonly IdName[];
  /** The roles to choose from are still on their way. */
  rolesLoading?: boolean;
  roles: readonly IdName[];
  onRolesChange: (roles: IdName[]) => void;
  /** The forms and actions for the roles chosen (undefined until the first answer). */
  forms: readonly CombinedForm[] | undefined;
  loading: boolean;
  permissions: readonly number[];
  onPermissionsChange: (permissions: number[]) => void;
  disabled?: boolean;
  roleError?: string;
  permissionError?: string;
}

/** Roles (select-many) and the forms' actions they grant (checked and locked) beside the explicit grants. */
export function PermissionsEditor({ label, roleOptions, rolesLoading, roles, onRolesChange, forms, loading, permissions, onPermissionsChange, disabled, roleError, permissionError }: PermissionsEditorProps) {
  const tree = useMemo(() => permissionTree(forms ?? [], permissions), [forms, permissions]);
  const locked = useMemo(() => lockedActionIds(forms ?? []), [forms]);
  return (
    <Stack spacing={2}>
      <IdNamePicker label="Roles" options={roleOptions} loading={rolesLoading} value={roles} onChange={onRolesChange} disabled={disabled} error={roleError}
        helperText="What the roles grant is checked and locked below: it is changed on the role." />
      <Box aria-busy={loading}>
        {loading && <LinearProgress aria-label={`Loading the permissions of ${label}`} sx={{ mb: 1 }} />}
        {forms && forms.length === 0 && <Typography color="text.secondary">No form has circle permissions yet (make a form circleable first).</Typography>}
        {tree.length > 0 && (
          <CheckboxTree label={`Permissions: ${label}`} nodes={tree} disabled={disabled || loading}
            onChange={(next) => onPermissionsChange(permissionsAfter(tree, next, locked))} />
        )}
        {permissionError && <Typography color="error" variant="body2" role="alert">{permissionError}</Typography>}
      </Box>
    </Stack>
  );
}
