import { useCallback, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { moved, sameOrder } from './reorder-moves.ts';

interface Named { Id: number; Name: string }

export interface ItemReorder<T extends Named> {
  /** The items in the order shown: the saved order, or the one being made. */
  shown: T[];
  /** The item picked up by keyboard or being dragged. */
  movingId: number | null;
  /** The item last moved by keyboard: its handle keeps the focus while rows move and after the drop. */
  keyboardId: number | null;
  /** What the screen reader is told (an aria-live region). */
  announcement: string;
  /** Whether an order is being made or saved: the selectors and the other actions wait. */
  active: boolean;
  handleKeyDown: (item: T) => (event: KeyboardEvent) => void;
  dragProps: (item: T) => {
    draggable: boolean;
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
}

const position = (list: Named[], id: number) => list.findIndex((i) => i.Id === id);

/**
 * Reordering a list's items by drag (HTML5 drag and drop on the rows) and by keyboard (on a row's handle: Space
 * picks the item up, ArrowUp and ArrowDown move it, Space drops it, Escape puts it back), each move announced.
 * A drop hands the whole new order to `save`; while it saves the order stays as dropped.
 */
export function useItemReorder<T extends Named>(items: T[], save: (ids: number[]) => Promise<boolean>, disabled: boolean): ItemReorder<T> {
  const [preview, setPreview] = useState<T[] | null>(null);
  const [movingId, setMovingId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [keyboardId, setKeyboardId] = useState<number | null>(null);
  // Set by a drop, so the dragend that follows it does not put the item back.
  const dropped = useRef(false);
  const shown = preview ?? items;

  const finish = useCallback(async (order: T[], id: number) => {
    const name = order.find((i) => i.Id === id)?.Name ?? '';
    setMovingId(null);
    if (sameOrder(order.map((i) => i.Id), items.map((i) => i.Id))) {
      setPreview(null);
      setAnnouncement(`${name} dropped; the order is unchanged.`);
      return;
    }
    setSaving(true);
    setAnnouncement(`${name} dropped at position ${position(order, id) + 1} of ${order.length}. Saving the new order.`);
    const ok = await save(order.map((i) => i.Id));
    setSaving(false);
    setPreview(null);
    setAnnouncement(ok ? 'The new order has been saved.' : 'The new order could not be saved; the list is back as it was.');
  }, [items, save]);

  const cancel = useCallback((name: string) => {
    setPreview(null);
    setMovingId(null);
    setAnnouncement(`Reorder cancelled; ${name} is back where it was.`);
  }, []);

  const handleKeyDown = (item: T) => (event: KeyboardEvent) => {
    if (disabled || saving) return;
    const current = preview ?? items;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (movingId === null) {
        setPreview(items);
        setMovingId(item.Id);
        setKeyboardId(item.Id);
        setAnnouncement(`${item.Name} picked up at position ${position(items, item.Id) + 1} of ${items.length}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`);
      } else if (movingId === item.Id) {
        void finish(current, item.Id);
      }
      return;
    }
    if (movingId !== item.Id) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel(item.Name);
      return;
    }
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    const from = position(current, item.Id);
    const to = from + step;
    if (to < 0 || to >= current.length) {
      setAnnouncement(`${item.Name} is already ${to < 0 ? 'first' : 'last'}.`);
      return;
    }
    setPreview(moved(current, from, to));
    setAnnouncement(`${item.Name} moved to position ${to + 1} of ${current.length}.`);
  };

  const dragProps = (item: T) => ({
    draggable: !disabled && !saving && (movingId === null || movingId === item.Id),
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with some data.
      event.dataTransfer.setData('text/plain', String(item.Id));
      dropped.current = false;
      setKeyboardId(null);
      setPreview(items);
      setMovingId(item.Id);
      setAnnouncement(`${item.Name} picked up.`);
    },
    onDragOver: (event: DragEvent) => {
      if (movingId === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const current = preview ?? items;
      const from = position(current, movingId);
      const to = position(current, item.Id);
      if (from !== to && from >= 0) setPreview(moved(current, from, to));
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (movingId === null) return;
      dropped.current = true;
      void finish(preview ?? items, movingId);
    },
    // A drag let go outside the rows puts the item back.
    onDragEnd: () => {
      if (!dropped.current && movingId !== null) cancel(items.find((i) => i.Id === movingId)?.Name ?? '');
    },
  });

  return { shown, movingId, keyboardId, announcement, active: movingId !== null || saving, handleKeyDown, dragProps };
}
