import { useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { IdName } from './circle-api.ts';
import type { Part } from './aggregate-draft.ts';
import type { AggregateCircleState } from './useAggregateCircle.ts';
import { MembersSection } from './MembersSection.tsx';
import { DefaultPermissionsSection } from './DefaultPermissionsSection.tsx';
import { CustomPermissionsSection } from './CustomPermissionsSection.tsx';

type SectionId = 'members' | 'group' | 'custom';

function Section({ id, title, open, disabled, note, onToggle, children }: {
  id: SectionId; title: string; open: boolean; disabled: boolean; note?: string; onToggle: () => void; children: ReactNode;
}) {
  return (
    <Accordion expanded={open && !disabled} disabled={disabled} onChange={onToggle} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />} id={`aggregate-${id}-header`} aria-controls={`aggregate-${id}-content`}>
        <Typography component="h2" sx={{ fontWeight: 600 }}>{title}</Typography>
        {note && <Typography color="text.secondary" sx={{ ml: 2 }}>{note}</Typography>}
      </AccordionSummary>
      <AccordionDetails id={`aggregate-${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}

export interface GroupsTabProps {
  aggregate: AggregateCircleState;
  roleOptions: readonly IdName[];
  rolesLoading: boolean;
  onSave: (part: Part) => void;
  onCustomDirtyChange: (dirty: boolean) => void;
}

/**
 * The Groups tab: its three collapsible sections, the members' open at first. Until the aggregate is first saved only
 * the members can be chosen: the permissions belong to an aggregate that exists.
 */
export function GroupsTab({ aggregate, roleOptions, rolesLoading, onSave, onCustomDirtyChange }: GroupsTabProps) {
  const [open, setOpen] = useState<Set<SectionId>>(new Set(['members']));
  const toggle = (id: SectionId) => setOpen((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const creating = aggregate.creating;
  const afterCreate = creating ? 'Available once the aggregate is created.' : undefined;
  return (
    <div>
      <Section id="members" title="Identify Group Members" open={open.has('members')} disabled={false} onToggle={() => toggle('members')}>
        <MembersSection aggregate={aggregate} onSave={onSave} />
      </Section>
      <Section id="group" title="Default permissions over members' data" open={open.has('group')} disabled={creating} note={afterCreate} onToggle={() => toggle('group')}>
        <DefaultPermissionsSection aggregate={aggregate} roleOptions={roleOptions} rolesLoading={rolesLoading} onSave={onSave} />
      </Section>
      <Section id="custom" title="Custom permissions per individual member group" open={open.has('custom')} disabled={creating} note={afterCreate} onToggle={() => toggle('custom')}>
        {!creating && aggregate.saved && <CustomPermissionsSection aggregate={aggregate.saved} roleOptions={roleOptions} rolesLoading={rolesLoading} onDirtyChange={onCustomDirtyChange} />}
      </Section>
    </div>
  );
}
