import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { circleApi } from './circle-api.ts';
import { errorAt, type Part } from './aggregate-draft.ts';
import type { AggregateCircleState } from './useAggregateCircle.ts';
import { useCircleData } from './useCircleData.ts';
import { SearchableCheckList } from './SearchableCheckList.tsx';
import { IdNameSelect } from './IdNamePicker.tsx';
import { SectionButtons } from './SectionButtons.tsx';

/**
 * 'Identify Group Members': the atomic circles of the aggregate, chosen among those in no aggregate yet, and (once
 * the aggregate exists) the atomic circle that owns it; Reset goes back to what was saved, Save saves them.
 */
export function MembersSection({ aggregate, onSave }: { aggregate: AggregateCircleState; onSave: (part: Part) => void }) {
  const { creating, saved, draft, changed, errors, busy, edit, reset } = aggregate;
  const id = saved?.Id ?? 0;
  // Asked again after each save: circles let go are free again, and the members' list is what the server holds.
  const members = useCircleData(() => circleApi.nonAggregated(id), `members:${id}:${String(saved?.RowVersion)}`);
  const owners = useCircleData(creating ? null : () => circleApi.ownerCircles(id), `owners:${id}`);
  // The aggregate's own members cannot own it (the server refuses that too): they are not offered.
  const ownerOptions = useMemo(() => (owners.data ?? []).filter((o) => !draft.members.includes(o.Id)), [owners.data, draft.members]);
  return (
    <Stack spacing={2}>
      {members.loading && !members.data ? <Box role="status">Loading the atomic circles...</Box> : (
        <SearchableCheckList
          label="Atomic circles"
          options={members.data ?? []}
          selected={draft.members}
          onChange={(ids) => edit({ members: ids }, 'AtomicCircleHierarchy')}
          disabled={busy}
          error={errorAt(errors, 'AtomicCircleHierarchy')}
        />
      )}
      {!creating && (
        <IdNameSelect
          label="Owner Atomic Circle"
          options={ownerOptions}
          value={draft.owner}
          onChange={(owner) => edit({ owner }, 'OwnerAtomicCircle')}
          disabled={busy || owners.loading}
          error={errorAt(errors, 'OwnerAtomicCircle')}
          helperText="The atomic circle that owns this aggregate (none of its members)."
        />
      )}
      <SectionButtons what="members" dirty={changed.members || (creating && changed.header)} busy={busy} onReset={() => reset('members')} onSave={() => onSave('members')} />
    </Stack>
  );
}
