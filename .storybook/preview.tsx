import type { Preview } from '@storybook/react-vite';
import { AppTheme } from '../ui/theme.tsx';
import { preloadAllControls } from '../engine/widgets/shared/lazy-control.tsx';
import '../engine/widgets/registry.ts';

const preview: Preview = {
  decorators: [(Story) => <AppTheme><Story /></AppTheme>],
  // Controls load on demand in the app; a story shows each control itself, not its loading placeholder.
  loaders: [async () => ({ controls: await preloadAllControls() })],
  parameters: { layout: 'padded' },
};
export default preview;
