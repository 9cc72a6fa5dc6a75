import type { ListManagerService } from '../../../engine/widgets/list-manager/ListManager.tsx';
import { applyReorder, sortItems, type ListItem } from '../../../engine/widgets/list-manager/logic.ts';

/** A list service over memory: numbering like the server (1..n after a reorder). */
export function memoryService(start: ListItem[], failReorder = false): ListManagerService {
  let items = sortItems(start);
  let nextId = Math.max(0, ...items.map((i) => i.Id)) + 1;
  return {
    async create(item) { items = sortItems([...items, { ...item, Id: nextId++ }]); return items; },
    async update(item) { items = items.map((i) => (i.Id === item.Id ? item : i)); return items; },
    async delete(item) { items = items.filter((i) => i.Id !== item.Id); return items; },
    async reorder(item) {
      if (failReorder) throw new Error('Reorder');
      items = applyReorder(items, item.Id, item.SortOrder);
      return items;
    },
  };
}

