/** The list manager's actions (spec 3 section 4), with the specification's numbers. */
export const ListAction = { CREATE: 1, UPDATE: 2, DELETE: 3, READ: 4, LIST: 5, REORDER: 6, COPY: 7 } as const;
/** One list manager action. */
export type ListActionId = (typeof ListAction)[keyof typeof ListAction];

/** A list item (spec 3 "List-manager item"). */
export interface ListItem { Id: number; Name: string; SortOrder: number; TableId?: number }

/** What the list manager is doing: the action, the item it is about, and the item being moved in reorder. */
export interface ListManagerState { action: ListActionId; item: ListItem | null; moving: ListItem | null }

/** Events of the list manager. */
export type ListManagerEvent =
  | { type: 'start'; action: ListActionId; item?: ListItem }
  | { type: 'choose'; item: ListItem }
  | { type: 'cancel' }
  | { type: 'finished' }
  | { type: 'modelChanged' };

/** The list manager starts in LIST. */
export const initialListState: ListManagerState = { action: ListAction.LIST, item: null, moving: null };

/**
 * The list manager's transitions: it returns to LIST when the list model changes, when an action
 * is cancelled and when one finishes (a reorder included); in REORDER an item is first chosen.
 */
export function listManagerReducer(state: ListManagerState, event: ListManagerEvent): ListManagerState {
  switch (event.type) {
    case 'start':
      return { action: event.action, item: event.item ?? null, moving: null };
    case 'choose':
      return state.action === ListAction.REORDER ? { ...state, moving: event.item } : state;
    case 'cancel':
    case 'finished':
    case 'modelChanged':
      return initialListState;
  }
}

/** Items in display order: by SortOrder, then Name for ties. */
export function sortItems(items: readonly ListItem[]): ListItem[] {
  return [...items].sort((a, b) => a.SortOrder - b.SortOrder || a.Name.localeCompare(b.Name));
}

/** A new item gets the largest SortOrder plus 1 (1 in an empty list). */
export function nextSortOrder(items: readonly ListItem[]): number {
  return items.reduce((max, i) => Math.max(max, i.SortOrder), 0) + 1;
}

/**
 * The SortOrder of an item dropped at a target position. Positions are the gaps of the list:
 * position p is just after the item whose SortOrder is p (0 is the top). The item's SortOrder is
 * set to the target position, plus 1 when moving up.
 */
export function reorderSortOrder(current: number, targetPosition: number): number {
  return targetPosition < current ? targetPosition + 1 : targetPosition;
}

/** The list after moving one item to a new SortOrder and numbering all items 1..n (what the server returns). */
export function applyReorder(items: readonly ListItem[], id: number, sortOrder: number): ListItem[] {
  const ordered = sortItems(items);
  const moving = ordered.find((i) => i.Id === id);
  if (!moving) return ordered;
  const rest = ordered.filter((i) => i.Id !== id);
  rest.splice(Math.max(0, Math.min(rest.length, sortOrder - 1)), 0, moving);
  return rest.map((item, index) => ({ ...item, SortOrder: index + 1 }));
}

/** A copy of an item to create: no Id yet, placed last. */
export function copyItem(item: ListItem, items: readonly ListItem[]): ListItem {
  return { ...item, Id: 0, SortOrder: nextSortOrder(items) };
}
