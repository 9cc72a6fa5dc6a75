import type { MenuNode } from '../../server/modules/menus/tree.ts';

/** The node of a menu tree by its path of link texts. */
export function nodeAt(tree: MenuNode[], ...path: string[]): MenuNode | undefined {
  let nodes = tree;
  let found: MenuNode | undefined;
  for (const name of path) {
    found = nodes.find((n) => n.LinkText === name);
    if (!found) return undefined;
    nodes = found.Children;
  }
  return found;
}
