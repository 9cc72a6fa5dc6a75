import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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

  it('renders at once, with no placeholder, once loaded (for instance after preload)', async () => {
    const Control = lazyControl(async () => ({ label }: { label: string }) => <input aria-label={label} />);
    await Control.preload();
    render(<Control label="When" />);
    expect(screen.getByLabelText('When')).toBeTruthy();
    expect(screen.queryByLabelText('Loading, please wait...')).toBeNull();
  });
});
