import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act } from '@testing-library/react';
import * as preview from '../../.storybook/preview.tsx';

setProjectAnnotations(preview);

// The screens ask the server for what they show around the story (the client logo): no server here, so none.
beforeAll(() => {
  vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

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
