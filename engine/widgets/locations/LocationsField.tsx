import { useId, useState } from 'react';
import { Box, Button, FormLabel, IconButton, List, ListItem, ListItemText } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import type { FieldProps } from '@rjsf/utils';
import { useWidgetData } from '../data-context.tsx';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { useServerData } from '../shared/useServerData.ts';
import { canAddLocation, formatLocationDate, type Location, type LocationsOptions } from './logic.ts';
import { LocationForm } from './LocationForm.tsx';

/**
 * Locations (ui:field "locations"): a list of venues with dates and addresses. The add/edit form
 * is shown only while open; Add is disabled then, when the control is disabled, and at the maximum.
 */
export function LocationsField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly } = props;
  const options = fieldOptions<LocationsOptions>(props.uiSchema);
  const data = useWidgetData();
  const states = useServerData(() => data.loadStates(), 'states');
  const [editing, setEditing] = useState<number | null>(null); // -1 adds, otherwise the index edited
  const labelId = useId();
  const list: Location[] = Array.isArray(formData) ? formData : [];
  const set = (next: Location[]) => onChange(next, fieldPathId.path);
  const locked = Boolean(disabled || readonly);
  const open = editing !== null;
  const dates = (l: Location) => [formatLocationDate(l.StartDate), formatLocationDate(l.EndDate)].filter(Boolean).join(' - ');
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{fieldLabel(props)}</FormLabel>
      <List dense aria-labelledby={labelId}>
        {list.map((l, i) => (
          <ListItem key={i} secondaryAction={
            <>
              <IconButton aria-label={`Edit ${l.Venue}`} disabled={locked || open} onClick={() => setEditing(i)}><Edit fontSize="small" /></IconButton>
              <IconButton aria-label={`Remove ${l.Venue}`} disabled={locked || open} onClick={() => set(list.filter((_, j) => j !== i))}><Delete fontSize="small" /></IconButton>
            </>
          }>
            <ListItemText
              primary={l.Venue}
              secondary={[dates(l), [l.Address?.Address1, l.Address?.City, l.Address?.State?.Name, l.Address?.ZipCode].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {open && (
        <LocationForm
          idPrefix={`${fieldPathId.$id}_form`}
          title={editing === -1 ? 'Add Location' : 'Edit Location'}
          initial={editing === -1 ? {} : list[editing]}
          states={states.data ?? []}
          onCancel={() => setEditing(null)}
          onSave={(l) => {
            set(editing === -1 ? [...list, l] : list.map((x, j) => (j === editing ? l : x)));
            setEditing(null);
          }}
        />
      )}
      <Button disabled={!canAddLocation(open, locked, list.length, options.max)} onClick={() => setEditing(-1)}>Add Location</Button>
    </Box>
  );
}
