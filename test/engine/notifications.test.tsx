import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import { notify, noticeDurationMs, useNotifications } from '../../engine/react/notifications/store.ts';

afterEach(() => {
  useNotifications.setState({ notices: [] });
  vi.useRealTimers();
});

describe('notices', () => {
  it('a success clears the errors before it, which no longer stand', () => {
    render(<NotificationHost />);
    act(() => notify('error', 'The record could not be saved.'));
    act(() => notify('warning', 'Your default view for this page could not be loaded at this time.'));
    expect(screen.getByRole('alert').textContent).toContain('The record could not be saved.');
    act(() => notify('success', 'The record has been saved.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The record has been saved.')).toBeTruthy();
    expect(screen.getByText('Your default view for this page could not be loaded at this time.')).toBeTruthy();
  });

  it('an error stays longest, then goes by itself', () => {
    vi.useFakeTimers();
    render(<NotificationHost />);
    act(() => notify('error', 'The record could not be saved.'));
    act(() => vi.advanceTimersByTime(noticeDurationMs.success + 1));
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(noticeDurationMs.error));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty text is reported, not shown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<NotificationHost />);
    act(() => notify('error', '  '));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalledWith('An empty error notification was not shown.');
    warn.mockRestore();
  });
});
