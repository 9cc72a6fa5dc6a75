import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Breadcrumbs } from '../../engine/widgets/breadcrumbs/Breadcrumbs.tsx';
import { CardManager } from '../../engine/widgets/card-manager/CardManager.tsx';
import { createCardStore } from '../../engine/widgets/card-manager/store.ts';
import { Modal, useModal } from '../../engine/widgets/modal/Modal.tsx';
import { HelpTooltip } from '../../engine/widgets/tooltip/HelpTooltip.tsx';

const crumbs = [
  { label: 'Home', url: '/home' },
  { label: 'Users', url: '/user' },
  { label: 'Ada Lovelace', url: '/user/update/7' },
];

function CardDemo({ openAtStart = [] as string[] }) {
  const [store] = useState(() => {
    const s = createCardStore();
    s.getState().register(['details', 'help']);
    openAtStart.forEach((n) => s.getState().open(n));
    return s;
  });
  const [route, setRoute] = useState('/a');
  const warning = store((s) => s.warning);
  const cards = {
    details: { title: 'Details', component: () => <Typography>Details card</Typography> },
    help: { title: 'Help', component: () => <Typography>Help card, stacked over Details</Typography> },
  };
  return (
    <Box>
      <Stack direction="row" spacing={1}>
        <Button onClick={() => store.getState().open('details')}>Open Details</Button>
        <Button onClick={() => store.getState().open('help')}>Open Help</Button>
        <Button onClick={() => setRoute(route === '/a' ? '/b' : '/a')}>Change route</Button>
      </Stack>
      {warning && <Typography color="warning.main">{warning}</Typography>}
      <CardManager cards={cards} route={route} store={store} />
    </Box>
  );
}

function ModalDemo({ startOpen = false }) {
  const modal = useModal(startOpen);
  return (
    <>
      <Button onClick={modal.toggle}>Open modal</Button>
      <Modal open={modal.open} title="About this record" onClose={modal.close}>
        <Typography>The overlay shows while the modal is open.</Typography>
      </Modal>
    </>
  );
}

const meta: Meta = { title: 'Widgets/Shell elements' };
export default meta;
type Story = StoryObj;

/** Breadcrumbs with three crumbs. */
export const BreadcrumbsFilled: Story = { render: () => <Breadcrumbs crumbs={crumbs} onNavigate={() => undefined} /> };
/** One crumb: nothing is shown. */
export const BreadcrumbsEmpty: Story = {
  render: () => (
    <Box>
      <Typography variant="caption">Only one crumb, so no breadcrumbs below:</Typography>
      <Breadcrumbs crumbs={crumbs.slice(0, 1)} onNavigate={() => undefined} />
    </Box>
  ),
};
/** The card manager; open both to see them stacked. */
export const Cards: Story = { render: () => <CardDemo /> };
/** Two stacked cards. */
export const CardsStacked: Story = {
  parameters: { expectText: ['Help card, stacked over Details'] },
  render: () => <CardDemo openAtStart={['details', 'help']} />,
};
/** A card opened twice: refused with a warning. */
export const CardsDuplicate: Story = {
  parameters: { expectText: ['The card details is already open.'], expectWarnings: ['The card details is already open.'] },
  render: () => <CardDemo openAtStart={['details', 'details']} />,
};
/** A modal, closed. */
export const ModalClosed: Story = { render: () => <ModalDemo /> };
/** A modal, open. */
export const ModalOpen: Story = { render: () => <ModalDemo startOpen /> };
/** A help tooltip on a narrow layout (90 percent width). */
export const TooltipNarrow: Story = { render: () => <HelpTooltip label="Help for User Name" contentWidth={400} title="The name you sign in with." /> };
/** A help tooltip on a wide layout (two thirds width). */
export const TooltipWide: Story = { render: () => <HelpTooltip label="Help for User Name" title="The name you sign in with." /> };
