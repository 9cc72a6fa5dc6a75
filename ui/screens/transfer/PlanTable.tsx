import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { PlanEntry } from './transfer-api.ts';

const chips: Record<PlanEntry['Action'], { label: string; color: 'success' | 'warning' | 'default' }> = {
  create: { label: 'Create', color: 'success' },
  change: { label: 'Change', color: 'warning' },
  unchanged: { label: 'Unchanged', color: 'default' },
};

/** What an import does (or did) to each thing the document names, changes first. */
export function PlanTable({ plan, label }: { plan: PlanEntry[]; label: string }) {
  const order = { change: 0, create: 1, unchanged: 2 };
  const rows = [...plan].sort((a, b) => order[a.Action] - order[b.Action]);
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 130 }}>What</TableCell>
          <TableCell>Name</TableCell>
          <TableCell sx={{ width: 120 }}>Action</TableCell>
          <TableCell>Differences</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((entry) => (
          <TableRow key={`${entry.Kind} ${entry.Key}`}>
            <TableCell>{entry.Kind}</TableCell>
            <TableCell>{entry.Key}</TableCell>
            <TableCell><Chip size="small" label={chips[entry.Action].label} color={chips[entry.Action].color} /></TableCell>
            <TableCell>{entry.Changes.join('; ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
