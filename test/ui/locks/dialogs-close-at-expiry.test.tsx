import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useRecordLock } from '../../../ui/locks/store.ts';
import { LockDialogs } from '../../../ui/locks/LockDialogs.tsx';
import { lockTexts } from '../../../ui/locks/messages.ts';

/** A dialog outside the form, as History or "Why can this user…?" are: open until its own onClose. */
function OwnDialog({ title, children }: { title: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}

/** Spec 2 "Record lock lifecycle": at full duration all dialogs close and the expiry notice appears. */
describe('a lock expiring', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
  });
  afterEach(async () => {
    await useRecordLock.getState().release();
    vi.unstubAllGlobals();
  });

  it('closes every open dialog, one opened over another too, and leaves the expiry notice open', async () => {
    render(
      <>
        <OwnDialog title="History" />
        <OwnDialog title="Why can this user open it?" />
        <LockDialogs refusal={null} onRefusalClosed={() => undefined} />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'History', hidden: true })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Why can this user open it?', hidden: true })).toBeTruthy();
    act(() => useRecordLock.getState().hold({ lockId: 'L1', domain: 'roles', recordId: 7, durationSeconds: 1, expiresAt: Date.now() + 300 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'History', hidden: true })).toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Why can this user open it?', hidden: true })).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('dialog', { name: 'Record lock expired' }).textContent).toContain(lockTexts.expired);
    expect(useRecordLock.getState().expiredNotice).toBe(true);
  });
});
