import { useEffect, useState } from 'react';
import { Autocomplete, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import { api } from '../../../api/api.ts';
import type { PublishChoice } from './build-state.ts';

interface Props {
  publish: PublishChoice;
  faults: Map<string, string>;
  onChange(change: Partial<PublishChoice>): void;
}

/** The roles to choose from (a new name makes a new role); none when the user may not read roles. */
function useRoleNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    api.get<{ Items: Array<{ Name: string }> }>('/api/roles?pageSize=100&sorts=Name,asc')
      .then((page) => { if (live) setNames(page.Items.map((role) => role.Name)); })
      .catch(() => undefined);
    return () => { live = false; };
  }, []);
  return names;
}

/**
 * How staff reach the form, made with it: a page showing its records, a menu item to the page, and a role's access
 * (a role chosen or named anew; read always, create, update and delete as ticked). Each stays editable on its own
 * screen afterwards.
 */
export function PublishSection({ publish, faults, onChange }: Props) {
  const roles = useRoleNames();
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Checkbox checked={publish.page} onChange={(e) => onChange({ page: e.target.checked })} />}
        label="Give it a page staff open"
      />
      {publish.page && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pl: 4, alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Page Name" required size="small" value={publish.pageName} sx={{ minWidth: 260 }}
            error={Boolean(faults.get('Page/Name'))} helperText={faults.get('Page/Name') ?? 'Its address is made of it, e.g. /incidents.'}
            onChange={(e) => onChange({ pageName: e.target.value })}
          />
          <FormControlLabel
            control={<Checkbox checked={publish.menuItem} onChange={(e) => onChange({ menuItem: e.target.checked })} />}
            label="Add it to the menu"
          />
        </Stack>
      )}
      <FormControlLabel
        control={<Checkbox checked={publish.role} onChange={(e) => onChange({ role: e.target.checked })} />}
        label="Give a role access"
      />
      {publish.role && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pl: 4, alignItems: { sm: 'flex-start' } }}>
          <Autocomplete
            freeSolo options={roles} inputValue={publish.roleName} onInputChange={(_, value) => onChange({ roleName: value })}
            renderInput={(params) => (
              <TextField
                {...params} label="Role" required size="small" sx={{ minWidth: 260 }}
                error={Boolean(faults.get('Role/Name'))} helperText={faults.get('Role/Name') ?? 'Choose a role, or type a new one.'}
              />
            )}
          />
          <Stack>
            <Typography variant="body2" color="text.secondary">Its users may read records, and</Typography>
            <FormGroup row>
              {(['create', 'update', 'delete'] as const).map((right) => (
                <FormControlLabel
                  key={right} label={right[0].toUpperCase() + right.slice(1)}
                  control={<Checkbox checked={publish[right]} onChange={(e) => onChange({ [right]: e.target.checked })} />}
                />
              ))}
            </FormGroup>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
