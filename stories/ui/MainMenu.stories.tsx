import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { Box, Paper } from '@mui/material';
import { MenuPanel } from '../../ui/shell/menu/MenuPanel.tsx';
import { back, drillDown, type MenuNode } from '../../ui/shell/menu/logic.ts';

const type = { url: { Id: 1, Name: 'URL Link' }, module: { Id: 2, Name: 'Module Link' }, group: { Id: 3, Name: 'Group' }, separator: { Id: 4, Name: 'Separator' } };
const node = (LinkText: string, more: Partial<MenuNode> = {}): MenuNode => ({
  MenuItemId: 1, LinkText, URL: null, Target: null, HasAccess: true, IsAlwaysVisible: false, MenuItemType: type.module, Children: [], ...more,
});

/** The seeded first tier, a group built by an administrator three tiers deep, and the Forms group. */
const tree: MenuNode[] = [
  node('Users', { URL: '/user' }),
  node('Roles', { URL: '/role', HasAccess: false }),
  node('Concurrent Sessions', { URL: '/session/list', HasAccess: false, IsAlwaysVisible: true }),
  node('My Account', { URL: '/user/myaccount' }),
  node('Separator', { MenuItemType: type.separator }),
  node('Business', {
    MenuItemType: type.group,
    Children: [node('Operations', {
      MenuItemType: type.group,
      Children: [
        node('Daily Users', { URL: '/user' }),
        node('Daily Roles', { URL: '/role', HasAccess: false }),
        node('Separator', { MenuItemType: type.separator }),
        node('Handbook', { MenuItemType: type.url, URL: 'https://example.org/handbook', Target: '_blank' }),
      ],
    })],
  }),
  node('Forms', { MenuItemType: type.group, Children: [node('Incident Report', { MenuItemId: null, URL: '/incident-report' })] }),
];

function MenuDemo({ startAt = [] as number[], pinnedAtStart = true, tree: shown = tree as MenuNode[] | null }) {
  const [path, setPath] = useState<number[]>(startAt);
  const [pinned, setPinned] = useState(pinnedAtStart);
  return (
    <MemoryRouter initialEntries={['/user']}>
      <Paper variant="outlined" sx={{ width: 264 }}>
        <Box sx={{ py: 1 }}>
          <MenuPanel tree={shown} path={path} pinned={pinned}
            onDrill={(i) => setPath((p) => drillDown(shown ?? [], p, i))} onBack={() => setPath(back)} onMainMenu={() => setPath([])}
            onPinnedChange={setPinned} onNavigate={() => {}} openExternal={() => {}} />
        </Box>
      </Paper>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shell/Main menu',
  component: MenuDemo,
} satisfies Meta<typeof MenuDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first tier: Home, links, items without access disabled (unless always visible), separators, groups. */
export const FirstTier: Story = {};
/** Drilled down to the third tier: Main Menu and Back above the group's items. */
export const ThirdTier: Story = { args: { startAt: [5, 0] } };
/** Unpinned: the pin shows the menu opens over the page on demand. */
export const Unpinned: Story = { args: { pinnedAtStart: false } };
/** While menu-all answers. */
export const Loading: Story = { args: { tree: null } };
