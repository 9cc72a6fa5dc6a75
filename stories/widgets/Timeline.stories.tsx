import type { Meta, StoryObj } from '@storybook/react-vite';
import { Timeline } from '../../engine/widgets/timeline/Timeline.tsx';

const nodes = [
  { Date: '2026-01-01', Template: 'Referral received' },
  { Date: '2026-01-20', Template: 'First meeting' },
  { Date: '2026-03-15', Template: 'Plan agreed (small gap before)' },
  { Date: '2026-07-01', Template: 'Review (medium gap before)' },
  { Date: '2027-03-01', Template: 'Closed (large gap before)' },
];

const meta: Meta<typeof Timeline> = { title: 'Widgets/Timeline', component: Timeline, args: { label: 'Case history', nodes } };
export default meta;
type Story = StoryObj<typeof Timeline>;

/** No nodes. */
export const Empty: Story = { args: { nodes: [] } };
/** Nodes sorted by Date with gap classes. */
export const Filled: Story = {};
/** With the current-time node inserted. */
export const WithNow: Story = { parameters: { expectText: ['Now'] }, args: { now: new Date('2026-05-01') } };
/** Nodes given out of order are sorted. */
export const Unsorted: Story = { args: { nodes: [...nodes].reverse() } };
