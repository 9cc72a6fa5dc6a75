import { describe, expect, it } from 'vitest';
import {
  ListAction, applyReorder, copyItem, initialListState, listManagerReducer, nextSortOrder, reorderSortOrder, sortItems,
} from '../../engine/widgets/list-manager/logic.ts';

const items = [
  { Id: 10, Name: 'A', SortOrder: 1 },
  { Id: 11, Name: 'B', SortOrder: 2 },
  { Id: 12, Name: 'C', SortOrder: 3 },
  { Id: 13, Name: 'D', SortOrder: 4 },
];

describe('list manager', () => {
  it('actions are CREATE=1, UPDATE=2, DELETE=3, READ=4, LIST=5, REORDER=6, COPY=7', () => {
    expect(ListAction).toEqual({ CREATE: 1, UPDATE: 2, DELETE: 3, READ: 4, LIST: 5, REORDER: 6, COPY: 7 });
  });
  it('starts in LIST', () => {
    expect(initialListState.action).toBe(ListAction.LIST);
  });
  it('returns to LIST when the list model changes or a reorder is cancelled or finished', () => {
    const reorder = listManagerReducer(initialListState, { type: 'start', action: ListAction.REORDER });
    expect(reorder.action).toBe(ListAction.REORDER);
    expect(listManagerReducer(reorder, { type: 'cancel' }).action).toBe(ListAction.LIST);
    expect(listManagerReducer(reorder, { type: 'finished' }).action).toBe(ListAction.LIST);
    const update = listManagerReducer(initialListState, { type: 'start', action: ListAction.UPDATE, item: items[0] });
    expect(listManagerReducer(update, { type: 'modelChanged' })).toEqual(initialListState);
  });
  it('in reorder an item is chosen first', () => {
    const reorder = listManagerReducer(initialListState, { type: 'start', action: ListAction.REORDER });
    expect(listManagerReducer(reorder, { type: 'choose', item: items[2] }).moving).toEqual(items[2]);
    expect(listManagerReducer(initialListState, { type: 'choose', item: items[2] }).moving).toBeNull();
  });
  it("the item's SortOrder is set to the target position, plus 1 when moving up", () => {
    expect(reorderSortOrder(4, 1)).toBe(2); // D up, dropped after A
    expect(reorderSortOrder(4, 0)).toBe(1); // D to the top
    expect(reorderSortOrder(1, 3)).toBe(3); // A down, dropped after C
  });
  it('the reordered list is numbered 1..n with the item at its new SortOrder', () => {
    expect(applyReorder(items, 13, reorderSortOrder(4, 1)).map((i) => i.Name)).toEqual(['A', 'D', 'B', 'C']);
    expect(applyReorder(items, 10, reorderSortOrder(1, 3)).map((i) => `${i.Name}${i.SortOrder}`)).toEqual(['B1', 'C2', 'A3', 'D4']);
  });
  it('a new item gets max SortOrder + 1', () => {
    expect(nextSortOrder(items)).toBe(5);
    expect(nextSortOrder([{ Id: 1, Name: 'x', SortOrder: 9 }])).toBe(10);
    expect(nextSortOrder([])).toBe(1);
    expect(copyItem(items[1], items)).toEqual({ Id: 0, Name: 'B', SortOrder: 5 });
  });
  it('sorts by SortOrder', () => {
    expect(sortItems([items[2], items[0]]).map((i) => i.Id)).toEqual([10, 12]);
  });
});
