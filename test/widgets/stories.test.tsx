import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import type { Meta } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../.storybook/preview.tsx';

setProjectAnnotations(preview);

// Every story module of the widget library: a new stories file is picked up without touching this test.
const modules = import.meta.glob<Record<string, unknown> & { default: Meta }>('../../stories/widgets/*.stories.tsx', { eager: true });

let errors: unknown[][];
let warnings: string[];
beforeEach(() => {
  errors = [];
  warnings = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  // React and MUI warn through console.warn about real mistakes (out-of-range values, ...).
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe.each(Object.entries(modules))('%s', (_path, module) => {
  const stories = Object.entries(composeStories(module as never)) as Array<[string, ComponentType & { parameters?: { expectText?: string[]; expectWarnings?: string[] } }]>;
  it.each(stories.map(([name, story]) => [name, story] as const))('%s renders without errors', async (_name, Story) => {
    const { container } = render(<Story />);
    // Let async loads (fake server calls, debounces) settle so their errors surface here too.
    await act(async () => { await new Promise((r) => setTimeout(r, 300)); });
    expect(container.innerHTML.length).toBeGreaterThan(0);
    // A story that promises a message (an error story above all) must really show it.
    for (const text of Story.parameters?.expectText ?? []) {
      expect((await screen.findAllByText(text, {}, { timeout: 2000 })).length).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    expect(warnings).toEqual(Story.parameters?.expectWarnings ?? []);
  });
});
