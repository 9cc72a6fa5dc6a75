import { useId, useMemo, useState } from 'react';
import { Box, Checkbox, FormControlLabel, FormHelperText, List, ListItem, Paper, TextField, Typography } from '@mui/material';
import type { IdName } from './circle-api.ts';

export interface SearchableCheckListProps {
  label: string;
  options: readonly IdName[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * A list box of checkboxes with a search above it: every option in view at once (a select-many hides them in a menu),
 * each a checkbox reached by Tab and toggled by Space.
 */
export function SearchableCheckList({ label, options, selected, onChange, disabled, error }: SearchableCheckListProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(selected), [selected]);
  const term = search.trim().toLowerCase();
  const shown = term ? options.filter((o) => o.Name.toLowerCase().includes(term)) : options;
  const toggle = (optionId: number, on: boolean) => onChange(on ? [...selected, optionId] : selected.filter((s) => s !== optionId));
  return (
    <Box>
      <Typography id={`${id}-label`} component="div" sx={{ fontWeight: 600, mb: 1 }}>{label}</Typography>
      <TextField
        size="small"
        fullWidth
        label={`Search ${label.toLowerCase()}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Paper variant="outlined" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-count`}
        sx={{ mt: 1, maxHeight: 280, overflowY: 'auto', borderColor: error ? 'error.main' : undefined }}>
        <List dense disablePadding>
          {shown.map((o) => (
            <ListItem key={o.Id} disablePadding sx={{ px: 1.5 }}>
              <FormControlLabel
                sx={{ width: '100%', m: 0 }}
                label={o.Name}
                control={<Checkbox size="small" checked={chosen.has(o.Id)} disabled={disabled} onChange={(e) => toggle(o.Id, e.target.checked)} />}
              />
            </ListItem>
          ))}
          {shown.length === 0 && (
            <ListItem sx={{ color: 'text.secondary' }}>{options.length ? 'Nothing matches the search.' : 'There is nothing to choose from.'}</ListItem>
          )}
        </List>
      </Paper>
      <FormHelperText id={`${id}-count`} error={Boolean(error)}>{error ?? `${chosen.size} selected`}</FormHelperText>
    </Box>
  );
}
