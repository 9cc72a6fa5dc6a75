import { Stack } from '@mui/material';
import { circleApi, type IdName } from './circle-api.ts';
import { errorAt, type Part } from './aggregate-draft.ts';
import type { AggregateCircleState } from './useAggregateCircle.ts';
import { useCircleData } from './useCircleData.ts';
import { PermissionsEditor } from './PermissionsEditor.tsx';
import { SectionButtons } from './SectionButtons.tsx';

/** A stable key for a set of role ids: the same roles in another order ask nothing new. */
export const rolesKey = (roles: readonly IdName[]) => roles.map((r) => r.Id).sort((a, b) => a - b).join(',');

/**
 * "Default permissions over members' data": the aggregate's roles and its explicit action grants, which every member
 * circle without roles of its own inherits. The forms' actions are asked again whenever the roles change.
 */
export function DefaultPermissionsSection({ aggregate, roleOptions, rolesLoading, onSave }: {
  aggregate: AggregateCircleState; roleOptions: readonly IdName[]; rolesLoading: boolean; onSave: (part: Part) => void;
}) {
  const { saved, draft, changed, errors, busy, edit, reset } = aggregate;
  const id = saved?.Id ?? 0;
  const key = rolesKey(draft.roles);
  const forms = useCircleData(id > 0 ? () => circleApi.aggregateActions(draft.roles.map((r) => r.Id), id) : null, `aggregate-actions:${id}:${key}`);
  return (
    <Stack spacing={2}>
      <PermissionsEditor
        label="the aggregate"
        roleOptions={roleOptions}
        rolesLoading={rolesLoading}
        roles={draft.roles}
        onRolesChange={(roles) => edit({ roles }, 'Role')}
        forms={forms.data}
        loading={forms.loading}
        permissions={draft.permissions}
        onPermissionsChange={(permissions) => edit({ permissions }, 'Permissions')}
        disabled={busy}
        roleError={errorAt(errors, 'Role')}
        permissionError={errorAt(errors, 'Permissions')}
      />
      <SectionButtons what="default permissions" dirty={changed.permissions} busy={busy} onReset={() => reset('permissions')} onSave={() => onSave('permissions')} />
    </Stack>
  );
}
