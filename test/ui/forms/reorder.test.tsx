import { describe, expect, it } from 'vitest';
import { idle, moveItem, reorderKey } from '../../../ui/screens/forms/reorder.ts';

const names: Record<number, string> = { 1: 'Plate', 2: 'Odometer', 3: 'Driver' };
const nameOf = (id: number) => names[id];

describe('keyboard reordering', () => {
  it('picks up with Space, moves with the arrows, and drops with Space: the new order is to be saved', () => {
    let step = reorderKey(idle([1, 2, 3]), 2, ' ', nameOf);
    expect(step.state.grabbed).toBe(2);
    expect(step.announcement).toMatch(/^Odometer picked up, position 2 of 3/);
    step = reorderKey(step.state, 2, 'ArrowUp', nameOf);
    expect(step.state.order).toEqual([2, 1, 3]);
    expect(step.announcement).toBe('Odometer moved to position 1 of 3.');
    step = reorderKey(step.state, 2, 'ArrowUp', nameOf);
    expect(step.announcement).toBe('Odometer is already at position 1 of 3.');
    step = reorderKey(step.state, 2, ' ', nameOf);
    expect(step.commit).toEqual([2, 1, 3]);
    expect(step.state.grabbed).toBeNull();
  });

  it('puts the item back on Escape, and saves nothing when dropped where it was', () => {
    let step = reorderKey(idle([1, 2, 3]), 1, ' ', nameOf);
    step = reorderKey(step.state, 1, 'ArrowDown', nameOf);
    step = reorderKey(step.state, 1, 'Escape', nameOf);
    expect(step.state).toEqual(idle([1, 2, 3]));
    expect(step.announcement).toBe('Reorder cancelled. Plate returned to position 1 of 3.');
    step = reorderKey(reorderKey(idle([1, 2, 3]), 3, ' ', nameOf).state, 3, ' ', nameOf);
    expect(step.commit).toBeUndefined();
  });

  it('leaves other keys alone (Tab still moves the focus, arrows scroll when nothing is picked up)', () => {
    expect(reorderKey(idle([1, 2]), 1, 'ArrowDown', nameOf).handled).toBe(false);
    expect(reorderKey(idle([1, 2]), 1, 'Tab', nameOf).handled).toBe(false);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
