import { useEffect, useState } from 'react';
import { Autocomplete, IconButton, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import PersonRemove from '@mui/icons-material/PersonRemove';
import { circleApi, type IdName } from './circle-api.ts';
import { errorAt, type Part } from './aggregate-draft.ts';
import type { AggregateCircleState } from './useAggregateCircle.ts';
import { useCircleData } from './useCircleData.ts';
import { SectionButtons } from './SectionButtons.tsx';

/** The search waits for the typing to pause, so a name typed letter by letter asks once. */
const searchDelayMs = 300;

/**
 * The users of the aggregate (members of every atomic circle in it): added with a picker that searches the users
 * list, removed one by one, saved with Save.
 */
export function UsersTab({ aggregate, onSave }: { aggregate: AggregateCircleState; onSave: (part: Part) => void }) {
  const { draft, changed, errors, busy, edit, reset } = aggregate;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCircleData(() => circleApi.users(search), `users:${search}`);
  const chosenIds = new Set(draft.users.map((u) => u.Id));
  const options = (found.data ?? []).filter((u) => !chosenIds.has(u.Id));
  const add = (user: IdName | null) => {
    if (!user) return;
    edit({ users: [...draft.users, user] }, 'Users');
    setTyped('');
  };
  const error = errorAt(errors, 'Users');
  return (
    <Stack spacing={2}>
      <Autocomplete<IdName>
        options={options}
        value={null}
        inputValue={typed}
        onInputChange={(_, value, reason) => { if (reason !== 'reset') setTyped(value); }}
        onChange={(_, user) => add(user)}
        filterOptions={(x) => x}
        loading={found.loading}
        disabled={busy}
        getOptionLabel={(o) => o.Name}
        isOptionEqualToValue={(a, b) => a.Id === b.Id}
        noOptionsText={search ? 'No user matches.' : 'Type a name to search.'}
        renderInput={(params) => <TextField {...params} label="Add a user" error={Boolean(error)} helperText={error ?? 'Search by name, user name or e-mail address.'} />}
      />
      <Paper variant="outlined">
        <Typography id="aggregate-users-label" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>Users of the aggregate ({draft.users.length})</Typography>
        <List dense aria-labelledby="aggregate-users-label">
          {draft.users.map((u) => (
            <ListItem key={u.Id} secondaryAction={
              <IconButton edge="end" aria-label={`Remove ${u.Name}`} disabled={busy} onClick={() => edit({ users: draft.users.filter((x) => x.Id !== u.Id) }, 'Users')}>
                <PersonRemove />
              </IconButton>
            }>
              <ListItemText primary={u.Name} />
            </ListItem>
          ))}
          {draft.users.length === 0 && <ListItem><ListItemText secondary="No user is in this aggregate yet." /></ListItem>}
        </List>
      </Paper>
      <SectionButtons what="users" dirty={changed.users} busy={busy} onReset={() => reset('users')} onSave={() => onSave('users')} />
    </Stack>
  );
}
