/**
 * Keyboard reordering of a list (the WAI-ARIA "grab and move" pattern): Space picks an item up,
 * ArrowUp/ArrowDown move it, Space drops it, Escape puts it back. Pure, so the rules are tested
 * without a browser; the list component keeps the state and speaks `announcement` in a live region.
 */
export interface ReorderState {
  /** The ids in their current (possibly unsaved) order. */
  order: number[];
  /** The id picked up, or null. */
  grabbed: number | null;
  /** The order when the item was picked up, for Escape. */
  before: number[] | null;
}

export interface ReorderStep {
  state: ReorderState;
  /** What a screen reader is told, or null when nothing happened. */
  announcement: string | null;
  /** Set when a drop changed the order: the new order to save. */
  commit?: number[];
  /** The key was used (the caller prevents its default: Space would scroll, arrows would move the page). */
  handled: boolean;
}

export const idle = (order: number[]): ReorderState => ({ order, grabbed: null, before: null });

/** The items with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item);
  return out;
}

const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** One key pressed on the handle of item `id`; `nameOf` gives the item's name for the announcement. */
export function reorderKey(state: ReorderState, id: number, key: string, nameOf: (id: number) => string): ReorderStep {
  const position = (order: number[], of: number) => `position ${order.indexOf(of) + 1} of ${order.length}`;
  const unchanged: ReorderStep = { state, announcement: null, handled: false };
  const isSpace = key === ' ' || key === 'Spacebar' || key === 'Enter';
  if (state.grabbed === null) {
    if (!isSpace) return unchanged;
    return {
      state: { order: state.order, grabbed: id, before: state.order },
      announcement: `${nameOf(id)} picked up, ${position(state.order, id)}. Use the Up and Down arrow keys to move it, Space to drop it, Escape to cancel.`,
      handled: true,
    };
  }
  const grabbed = state.grabbed;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const from = state.order.indexOf(grabbed);
    const to = key === 'ArrowUp' ? from - 1 : from + 1;
    if (to < 0 || to >= state.order.length) {
      return { state, announcement: `${nameOf(grabbed)} is already at ${position(state.order, grabbed)}.`, handled: true };
    }
    const order = moveItem(state.order, from, to);
    return { state: { ...state, order }, announcement: `${nameOf(grabbed)} moved to ${position(order, grabbed)}.`, handled: true };
  }
  if (key === 'Escape') {
    const order = state.before ?? state.order;
    return { state: idle(order), announcement: `Reorder cancelled. ${nameOf(grabbed)} returned to ${position(order, grabbed)}.`, handled: true };
  }
  if (isSpace) {
    const changed = !sameOrder(state.order, state.before ?? state.order);
    return {
      state: idle(state.order),
      announcement: `${nameOf(grabbed)} dropped at ${position(state.order, grabbed)}.`,
      commit: changed ? state.order : undefined,
      handled: true,
    };
  }
  // Tab and the like leave the item where it is, still picked up; the list drops it on blur.
  return unchanged;
}
