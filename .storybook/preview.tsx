import type { Preview } from '@storybook/react-vite';
import { AppTheme } from '../ui/theme.tsx';

const preview: Preview = {
  decorators: [(Story) => <AppTheme><Story /></AppTheme>],
  parameters: { layout: 'padded' },
};
export default preview;
