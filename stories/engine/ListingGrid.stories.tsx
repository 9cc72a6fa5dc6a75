import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { ListingGrid } from '../../engine/react/grid/ListingGrid.tsx';
import { memoryDataSource } from '../../engine/react/grid/memory-data-source.ts';
import type { GridExporter, GridViews, ListDataSource, PageActionsSource } from '../../engine/react/grid/types.ts';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { PageAction } from '../../engine/core/grid/actions.ts';
import { sampleUsers } from '../fixtures/sample-users.ts';

const screen = users as unknown as ScreenDocument;
const list = screen.list!;
const searchFields = ['FirstName', 'LastName', 'UserName', 'EmailAddress'];
const sample = sampleUsers(137);
const failing: ListDataSource<any> = async () => {
  throw new Error('offline');
};
const neverAnswers: ListDataSource<any> = () => new Promise(() => {});

const action = (ActionId: number, ActionName: string, ButtonText: string, Url: string | null, extra: Partial<PageAction> = {}): PageAction => ({
  Type: 'button', Url, ButtonText, ActionId, ActionName, ColumnCss: null, ButtonCss: null, ParentActionId: null, ...extra,
});
/** The user list's seeded actions (Edit, Delete), a child action granted through Edit, and two set actions. */
const pageActions: PageActionsSource = async () => ({
  DataRowActions: [
    action(1, 'UpdateUser', 'Edit', '/user/update'),
    action(2, 'DeleteUser', 'Delete', '/user/delete', { ButtonCss: 'error' }),
    action(3, 'ResetPassword', 'Reset password', null, { Type: 'link', ParentActionId: 1 }),
  ],
  DataSetActions: [action(10, 'EmailActiveUsers', 'Email Active Users', null), action(11, 'Audit', 'Audit', '/audit')],
});
/** Rows in two circles and none: circle 100 may edit, circle 200 may delete; the first user is the master (no Delete). */
const withCircles: ListDataSource<any> = async (query, signal) => {
  const page = await memoryDataSource(sample, { searchFields })(query, signal);
  return {
    ...page,
    Items: page.Items.map((u, i) => ({ ...u, AtomicCircleId: [100, 200, null][i % 3], IsMaster: u.UserId === 1 })),
    CircleAccess: [{ Key: 100, Value: '1' }, { Key: 200, Value: '2,10' }],
  };
};
const lockedFirstTwo: ListDataSource<any> = async (query, signal) => {
  const page = await memoryDataSource(sample, { searchFields })(query, signal);
  return { ...page, LockedIds: page.Items.slice(0, 2).map((u) => u.UserId as number) };
};
const savedViews: GridViews = {
  load: async () => JSON.stringify({ pageSize: 10, q: '', sorts: [{ field: 'FirstName', dir: 'asc' }], cols: ['FirstName', 'LastName', 'UserName'], includeInactive: false }),
  save: async () => {},
};
const slowExport: GridExporter = () => new Promise(() => {});

const meta = {
  title: 'Engine/ListingGrid',
  component: ListingGrid,
  decorators: [(Story, { parameters }) => (
    <MemoryRouter initialEntries={[parameters.url ?? '/user']}><Story /><NotificationHost /></MemoryRouter>
  )],
  args: { list, idField: 'UserId', dataSource: memoryDataSource(sample, { searchFields }) },
} satisfies Meta<typeof ListingGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { dataSource: memoryDataSource([], { searchFields }) } };
export const Loading: Story = { args: { dataSource: neverAnswers } };
export const ServiceError: Story = { args: { dataSource: failing } };
export const NoListMethod: Story = { args: { dataSource: undefined } };
export const SortedByTwoColumnsOnPage2: Story = { parameters: { url: '/user?page=2&pageSize=20&sorts=FirstName,asc,LastName,desc' } };
export const SearchedWithUserNameShown: Story = { parameters: { url: '/user?q=ada&cols=LastName,UserName,EmailAddress' } };
export const WithInactive: Story = { parameters: { url: '/user?includeInactive=true' } };
/** Row actions by circle (Edit where granted, Delete where granted but not for the master, Reset password through Edit) and set actions above. */
export const RowAndSetActions: Story = { args: { dataSource: withCircles, pageActions } };
export const LockedRows: Story = { args: { dataSource: lockedFirstTwo } };
/** Opened without a query: the saved default view (10 rows by first name, with User Name) applies. */
export const SavedDefaultViewApplied: Story = { args: { views: savedViews, exporter: slowExport } };
