import type { Meta, StoryObj } from '@storybook/react-vite';
import { ListManager } from '../../engine/widgets/list-manager/ListManager.tsx';
import type { ListItem } from '../../engine/widgets/list-manager/logic.ts';
import { memoryService } from './support/memory-list-service.ts';

const sample: ListItem[] = ['Mr.', 'Mrs.', 'Ms.', 'Dr.'].map((Name, i) => ({ Id: i + 1, Name, SortOrder: i + 1, TableId: 7 }));

const meta: Meta<typeof ListManager> = {
  title: 'Widgets/ListManager',
  component: ListManager,
  args: { title: 'Courtesy Titles', items: sample, service: memoryService(sample) },
};
export default meta;
type Story = StoryObj<typeof ListManager>;

/** No items. */
export const Empty: Story = { args: { items: [], service: memoryService([]) } };
/** Four items in SortOrder. */
export const Filled: Story = {};
/** A reorder that fails: 'Reorder failed.' */
export const Error: Story = { args: { service: memoryService(sample, true) } };
/** Disabled: view only. */
export const Disabled: Story = { args: { disabled: true } };
