import { Alert, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import type { Conflict } from './transfer-api.ts';

/**
 * What of this installation's own the document would take over (a page at the same route, a form or a lookup list of
 * the same name), each imported only when the administrator ticks it: the server refuses the import otherwise.
 */
export function TakeOverList({ conflicts, chosen, onChange }: { conflicts: Conflict[]; chosen: string[]; onChange: (keys: string[]) => void }) {
  if (!conflicts.length) return null;
  return (
    <Alert severity="warning" role="group" aria-label="Things this installation made itself">
      <Stack spacing={1}>
        <Typography>The document would take over what this installation made itself. Tick each you want it to take over:</Typography>
        {conflicts.map((conflict) => (
          <FormControlLabel
            key={conflict.Key}
            label={`Take over: ${conflict.Message}`}
            control={<Checkbox checked={chosen.includes(conflict.Key)} onChange={(e) => onChange(e.target.checked ? [...chosen, conflict.Key] : chosen.filter((k) => k !== conflict.Key))} />}
          />
        ))}
      </Stack>
    </Alert>
  );
}
