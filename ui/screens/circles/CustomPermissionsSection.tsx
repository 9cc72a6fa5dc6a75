import { useEffect, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { circleApi, type AggregateCircle, type IdName } from './circle-api.ts';
import { useCircleData } from './useCircleData.ts';
import { useMemberCircle } from './useMemberCircle.ts';
import { PermissionsEditor } from './PermissionsEditor.tsx';
import { IdNameSelect } from './IdNamePicker.tsx';
import { SectionButtons } from './SectionButtons.tsx';
import { rolesKey } from './DefaultPermissionsSection.tsx';

export interface CustomPermissionsSectionProps {
  aggregate: AggregateCircle;
  roleOptions: readonly IdName[];
  rolesLoading: boolean;
  /** Tells the page whether this section has changes not saved (for the leave-without-saving question). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * 'Custom permissions per individual member group': one member circle's roles and grants. A circle without roles of
 * its own inherits the aggregate's; saving roles here makes them its own, 'Inherit from the aggregate' undoes that.
 */
export function CustomPermissionsSection({ aggregate, roleOptions, rolesLoading, onDirtyChange }: CustomPermissionsSectionProps) {
  const [chosen, setChosen] = useState<IdName | null>(null);
  const member = useMemberCircle(chosen?.Id ?? null, aggregate);
  const { circle, draft } = member;
  const forms = useCircleData(circle ? () => circleApi.atomicActions(draft.roles.map((r) => r.Id), aggregate.Id, circle.Id) : null,
    `atomic-actions:${circle?.Id ?? 0}:${rolesKey(draft.roles)}:${String(circle?.HasOwnRoles)}`);
  useEffect(() => onDirtyChange(member.dirty), [member.dirty, onDirtyChange]);
  // A member let go of (and saved) is no longer the aggregate's to customise here.
  useEffect(() => {
    if (chosen && !aggregate.AtomicCircleHierarchy.some((c) => c.Id === chosen.Id)) setChosen(null);
  }, [aggregate.AtomicCircleHierarchy, chosen]);

  return (
    <Stack spacing={2}>
      <IdNameSelect label="Member atomic circle" options={aggregate.AtomicCircleHierarchy} value={chosen} onChange={setChosen} disabled={member.busy}
        helperText={aggregate.AtomicCircleHierarchy.length ? 'The member circle whose permissions to set.' : 'Save the members of the aggregate first.'} />
      {chosen && !circle && <Alert severity="info" role="status">Loading {chosen.Name}...</Alert>}
      {circle && (
        <>
          <Alert severity="info" action={circle.HasOwnRoles ? (
            <Button color="inherit" size="small" disabled={member.busy} onClick={() => void member.inherit()}>Inherit from the aggregate</Button>
          ) : undefined}>
            {circle.HasOwnRoles
              ? `${circle.Name} has its own roles and permissions.`
              : `${circle.Name} inherits the roles and permissions of the aggregate. Saving roles here gives it its own.`}
          </Alert>
          <PermissionsEditor
            label={circle.Name}
            roleOptions={roleOptions}
            rolesLoading={rolesLoading}
            roles={draft.roles}
            onRolesChange={member.setRoles}
            forms={forms.data}
            loading={forms.loading}
            permissions={draft.permissions}
            onPermissionsChange={member.setPermissions}
            disabled={member.busy}
            roleError={member.error}
          />
          <SectionButtons what={`permissions of ${circle.Name}`} dirty={member.dirty} busy={member.busy}
            onCancel={() => setChosen(null)} onReset={member.reset} onSave={() => void member.save()} />
        </>
      )}
    </Stack>
  );
}
