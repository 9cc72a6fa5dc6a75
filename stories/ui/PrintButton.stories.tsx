import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack, Typography } from '@mui/material';
import { PrintButton } from '../../ui/screens/screen/PrintButton.tsx';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import { ApiError } from '../../ui/api/client.ts';

/** The button beside a record's title, as FormRoute shows it, with the notification area its failures go to. */
function PrintButtonOnTitle({ print }: { print: (url: string) => Promise<void> }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', p: 2 }}>
      <Typography variant="h5" sx={{ flex: 1 }}>Work Order</Typography>
      <PrintButton url="/api/forms/1/records/7" print={print} />
      <NotificationHost />
    </Stack>
  );
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Screens/Record/PrintButton',
  component: PrintButtonOnTitle,
  args: { print: () => wait(1500) },
} satisfies Meta<typeof PrintButtonOnTitle>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Press it: 'Please Wait...' with a spinner while the PDF is made (1.5 s here), then ready again. */
export const Ready: Story = {};

/** A print that never finishes: pressed, the button stays busy and cannot be pressed twice. */
export const StillPrinting: Story = { args: { print: () => new Promise<void>(() => undefined) } };

/** The server refuses (the record was deleted meanwhile): the notification area says so. */
export const Fails: Story = {
  args: {
    print: async () => {
      await wait(600);
      throw new ApiError(404, [{ PropertyName: null, ErrorMessage: 'This record no longer exists.', ErrorCode: 'NotFound' }]);
    },
  },
};

/** The server cannot be reached. */
export const Offline: Story = {
  args: {
    print: async () => {
      await wait(600);
      throw new ApiError(0, [{ PropertyName: null, ErrorMessage: 'A system error has occurred.', ErrorCode: 0 }]);
    },
  },
};
