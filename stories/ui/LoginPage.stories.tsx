import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../../ui/screens/LoginPage.tsx';
import { useSession } from '../../ui/stores/session.ts';

const signedIn = {
  User: { UserId: 1, UserName: 'admin', FirstName: 'System', LastName: 'Administrator', IsMaster: true },
  MustChangePassword: false,
  Session: { SessionId: 's', InstanceId: 'i', StartTime: '2026-01-01T00:00:00Z', UserName: 'admin' },
};

const meta = {
  title: 'Screens/Login',
  component: LoginPage,
  decorators: [(Story) => <MemoryRouter initialEntries={['/login']}><Story /></MemoryRouter>],
  beforeEach: () => {
    useSession.getState().ended();
  },
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const AfterSessionEnded: Story = {
  beforeEach: () => {
    useSession.getState().ended('Your session has been terminated.');
  },
};
export const AlreadySignedIn: Story = {
  beforeEach: () => {
    useSession.getState().started(signedIn, 'token');
  },
};
