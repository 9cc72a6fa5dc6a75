import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import type { RolePermission, UserPermission } from '../../core/access/types.ts';
import { useWidgetData, type PermissionTreeQuery } from '../data-context.tsx';
import type { WidgetFormContext } from '../shared/async-validator.ts';
import { useFormValue } from '../shared/form-values.ts';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { widgetMessages } from '../shared/messages.ts';
import { useServerData } from '../shared/useServerData.ts';
import { buildAccessTree, roleGrants, roleIdsOf, rolePayload, type ModuleAccessMode } from './logic.ts';
import { ModuleAccessEditor } from './ModuleAccessEditor.tsx';

/** ui:options of the module access field. */
export interface ModuleAccessOptions {
  /** 'role' (the default): the value is the role's RolePermission[]. 'user': the user's UserPermission[] overrides. */
  mode?: ModuleAccessMode;
  /** Role mode: the field holding the role's Id ('RoleId'). */
  recordIdField?: string;
  /** User mode: the field holding the user's roles, Ids or `{Id}` records ('Role'). */
  rolesField?: string;
}

/** Which tree the field shows: its role's (or the role copied), or what the chosen roles give a user. */
export function permissionTreeQuery(mode: ModuleAccessMode, recordId: unknown, copyOfId: number | undefined, roles: unknown): PermissionTreeQuery {
  if (mode === 'user') return { roleIds: roleIdsOf(roles) };
  const own = Number(recordId);
  if (Number.isInteger(own) && own > 0) return { roleId: own };
  return copyOfId !== undefined && copyOfId > 0 ? { roleId: copyOfId } : {};
}

/**
 * The module access editor as a form field (ui:field "moduleAccess"). Role mode loads the role's tree by the
 * record's Id (or, for a copy, the copied role's, from formContext.copyOfId); user mode loads what the roles
 * of the sibling roles field give, again whenever those roles change. Sibling values come from the form's
 * values store in formContext (engine/widgets/shared/form-values.ts).
 */
export function ModuleAccessField(props: FieldProps) {
  const { formData, onChange, fieldPathId, disabled, readonly, required, registry } = props;
  const options = fieldOptions<ModuleAccessOptions>(props.uiSchema);
  const mode: ModuleAccessMode = options.mode === 'user' ? 'user' : 'role';
  const context = registry.formContext as WidgetFormContext | undefined;
  const recordId = useFormValue(context?.formValues, options.recordIdField ?? 'RoleId');
  const roles = useFormValue(context?.formValues, options.rolesField ?? 'Role');
  const query = permissionTreeQuery(mode, mode === 'role' ? recordId : undefined, context?.copyOfId, mode === 'user' ? roles : undefined);
  const data = useWidgetData();
  const [attempt, setAttempt] = useState(0);
  const loaded = useServerData(() => data.loadPermissionTree(query), `${JSON.stringify(query)}#${attempt}`);
  const label = fieldLabel(props);
  const emit = (value: RolePermission[] | UserPermission[]) => onChange(value, fieldPathId.path);

  // A copy starts with the copied role's grants: with no value of its own yet, the form is given them to save.
  const copying = mode === 'role' && query.roleId !== undefined && query.roleId === context?.copyOfId;
  useEffect(() => {
    if (!copying || !loaded.data || Array.isArray(formData)) return;
    const access = buildAccessTree(loaded.data);
    emit(rolePayload(access, roleGrants(access, undefined)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per tree loaded for the copy
  }, [copying, loaded.data]);

  if (!loaded.data) {
    return (
      <Box>
        <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600, mb: 1 }}>{label}</Typography>
        {loaded.loading ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-label={widgetMessages.pleaseWait} />
              <Typography color="text.secondary" aria-hidden>{widgetMessages.pleaseWait}</Typography>
            </Stack>
          </Paper>
        ) : (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => setAttempt((a) => a + 1)}>Retry</Button>}>
            The module access could not be loaded.
          </Alert>
        )}
      </Box>
    );
  }
  const locked = disabled || readonly;
  return mode === 'role' ? (
    <ModuleAccessEditor mode="role" label={label} required={required} tree={loaded.data} busy={loaded.loading} disabled={locked}
      value={Array.isArray(formData) ? (formData as RolePermission[]) : undefined} onChange={emit} />
  ) : (
    <ModuleAccessEditor mode="user" label={label} required={required} tree={loaded.data} busy={loaded.loading} disabled={locked}
      value={Array.isArray(formData) ? (formData as UserPermission[]) : undefined} onChange={emit} />
  );
}
