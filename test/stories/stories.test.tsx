import { describe, expect, it, vi } from 'vitest';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act } from '@testing-library/react';
import * as preview from '../../.storybook/preview.tsx';

setProjectAnnotations(preview);

// The widget stories have their own runner under test/widgets; these are the engine's and the screens'.
const modules = import.meta.glob<Record<string, unknown>>(['../../stories/engine/**/*.stories.tsx', '../../stories/ui/**/*.stories.tsx'], { eager: true });

describe.each(Object.entries(modules))('stories in %s', (_file, module) => {
  const stories = Object.entries(composeStories(module as Parameters<typeof composeStories>[0]));
  it.each(stories as Array<[string, { run: (c: { canvasElement: HTMLElement }) => Promise<void> }]>)('%s renders without errors', async (_name, Story) => {
    const consoleError = vi.spyOn(console, 'error');
    const canvasElement = document.createElement('div');
    document.body.appendChild(canvasElement);
    await act(async () => {
      await Story.run({ canvasElement });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(canvasElement.textContent).not.toBe('');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    canvasElement.remove();
  });
});
