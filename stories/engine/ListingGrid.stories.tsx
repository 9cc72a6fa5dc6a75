import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { ListingGrid } from '../../engine/react/grid/ListingGrid.tsx';
import { memoryDataSource } from '../../engine/react/grid/memory-data-source.ts';
import type { ListDataSource } from '../../engine/react/grid/types.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import { sampleUsers } from '../fixtures/sample-users.ts';

const screen = users as unknown as ScreenDocument;
const list = screen.list!;
const searchFields = ['FirstName', 'LastName', 'UserName', 'EmailAddress'];
const failing: ListDataSource<any> = async () => {
  throw new Error('offline');
};
const neverAnswers: ListDataSource<any> = () => new Promise(() => {});

const meta = {
  title: 'Engine/ListingGrid',
  component: ListingGrid,
  decorators: [(Story, { parameters }) => (
    <MemoryRouter initialEntries={[parameters.url ?? '/user']}><Story /></MemoryRouter>
  )],
  args: { list, idField: 'UserId', dataSource: memoryDataSource(sampleUsers(137), { searchFields }) },
} satisfies Meta<typeof ListingGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { dataSource: memoryDataSource([], { searchFields }) } };
export const Loading: Story = { args: { dataSource: neverAnswers } };
export const ServiceError: Story = { args: { dataSource: failing } };
export const SortedByTwoColumnsOnPage2: Story = { parameters: { url: '/user?page=2&pageSize=20&sorts=FirstName,asc,LastName,desc' } };
export const SearchedWithUserNameShown: Story = { parameters: { url: '/user?q=ada&cols=LastName,UserName,EmailAddress' } };
export const WithInactive: Story = { parameters: { url: '/user?includeInactive=true' } };
