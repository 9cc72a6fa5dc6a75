import { refreshGrids } from '../../engine/react/grid/grid-refresh.ts';

/** What one tab tells the app's other tabs about a lock it held: released, or expired (spec 2's active-lock-expired event). */
export interface LockEnded { type: 'released' | 'expired'; domain: string; recordId: number }

let channel: BroadcastChannel | null = null;

function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel('metadmin.record-locks');
    // The record is free again: grids in other tabs that showed it locked refresh.
    channel.onmessage = () => refreshGrids();
  }
  return channel;
}

/** Told to this app's other tabs (the tab itself learns it from its own store). */
export function announceLockEnded(message: LockEnded): void {
  open()?.postMessage(message);
}

/** Starts listening, so this tab's grids refresh when another tab's lock ends. */
export function listenForLockEnds(): void {
  open();
}
