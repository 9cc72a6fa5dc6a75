import type { Meta, StoryObj } from '@storybook/react-vite';
import { Typography } from '@mui/material';
import { Stepper, type StepDefinition } from '../../engine/widgets/stepper/Stepper.tsx';

const steps: StepDefinition[] = [
  { title: 'Details', subtitle: 'Who', content: <Typography>Enter the details.</Typography> },
  { title: 'Address', content: <Typography>Enter the address.</Typography> },
  { title: 'Review', content: <Typography>Check and finish.</Typography> },
];

const meta: Meta<typeof Stepper> = { title: 'Widgets/Stepper', component: Stepper, args: { steps } };
export default meta;
type Story = StoryObj<typeof Stepper>;

/** On the first step; the others start disabled. */
export const Empty: Story = {};
/** A listener that blocks every change: Complete and Skip do nothing. */
export const Blocked: Story = { args: { canChange: () => false } };
/** The current step has a form error (the error class). */
export const Error: Story = { args: { formError: true } };
/** One step only. */
export const Filled: Story = { args: { steps: [steps[0]] } };
/** A read-only step list. */
export const Disabled: Story = { args: { steps: steps.map((s) => ({ ...s, editable: false })) } };
