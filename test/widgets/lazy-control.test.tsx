import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyControl } from '../../engine/widgets/shared/lazy-control.tsx';

describe('a control loaded on demand', () => {
  it('shows a loading placeholder until its code arrives, then the control', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    const Control = lazyControl(async () => {
      await arrived;
      return ({ label }: { label: string }) => <input aria-label={label} />;
    });
    render(<Control label="When" />);
    expect(screen.getByLabelText('Loading, please wait...')).toBeTruthy();
    expect(screen.queryByLabelText('When')).toBeNull();
    arrive();
    expect(await screen.findByLabelText('When')).toBeTruthy();
  });

  it('keeps the state of an instance drawn before its code arrived when it renders again', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    const Control = lazyControl(async () => {
      await arrived;
      return function Counter({ label }: { label: string }) {
        const [count, setCount] = useState(0);
        return <button onClick={() => setCount(count + 1)}>{`${label} ${count}`}</button>;
      };
    });
    const { rerender } = render(<Control label="Clicks" />);
    arrive();
    (await screen.findByRole('button', { name: 'Clicks 0' })).click();
    await screen.findByRole('button', { name: 'Clicks 1' });
    await act(async () => rerender(<Control label="Taps" />));
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeTruthy();
  });

  it('renders at once, with no placeholder, once loaded (for instance after preload)', async () => {
    const Control = lazyControl(async () => ({ label }: { label: string }) => <input aria-label={label} />);
    await Control.preload();
    render(<Control label="When" />);
    expect(screen.getByLabelText('When')).toBeTruthy();
    expect(screen.queryByLabelText('Loading, please wait...')).toBeNull();
  });
});
