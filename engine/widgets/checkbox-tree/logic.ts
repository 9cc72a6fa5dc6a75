import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

/** Nested checkboxes go four levels deep. */
export const MAX_TREE_DEPTH = 4;
/** Children with this ActionId follow their parent: checked and locked with it. */
export const FOLLOWING_ACTION_ID = 3;

/** One permission node of the tree (a form or an action). */
export interface TreeNode {
  Id: number;
  Name: string;
  ActionId?: number;
  /** The Id of the node this one depends on: disabled until that one is checked. */
  DependsOn?: number;
  checked: boolean;
  /** Locked by its parent (ActionId 3 children of a checked parent). */
  locked?: boolean;
  children?: TreeNode[];
}

function mapTree(nodes: TreeNode[], fn: (n: TreeNode, parent: TreeNode | null) => TreeNode, parent: TreeNode | null = null): TreeNode[] {
  return nodes.map((n) => {
    const mapped = fn(n, parent);
    return mapped.children ? { ...mapped, children: mapTree(mapped.children, fn, mapped) } : mapped;
  });
}

/** Every node, depth first. */
export function flattenTree(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);
}

/** The Ids of the node's ancestors, nearest first; empty when not found or at the top. */
export function ancestorsOf(nodes: readonly TreeNode[], id: number, trail: number[] = []): number[] | null {
  for (const n of nodes) {
    if (n.Id === id) return trail;
    const found = ancestorsOf(n.children ?? [], id, [n.Id, ...trail]);
    if (found) return found;
  }
  return null;
}

/** The depth of the tree (1 for a flat list); more than four levels is refused by `assertTreeDepth`. */
export function treeDepth(nodes: readonly TreeNode[]): number {
  return nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => treeDepth(n.children ?? [])));
}

/** Raises an error for a tree deeper than four levels. */
export function assertTreeDepth(nodes: readonly TreeNode[]): void {
  if (treeDepth(nodes) > MAX_TREE_DEPTH) throw new Error(`Nested checkboxes go up to ${MAX_TREE_DEPTH} levels.`);
}

/** True when the node may not be changed: locked by its parent, or depending on a node that is not checked. */
export function isNodeDisabled(nodes: readonly TreeNode[], node: TreeNode): boolean {
  if (node.locked) return true;
  if (node.DependsOn === undefined) return false;
  return !flattenTree(nodes).find((n) => n.Id === node.DependsOn)?.checked;
}

/**
 * Checks or unchecks a node. Checking: ActionId 3 children are checked and locked, and the node's
 * parents are checked too (a dependent item checks its parent). Unchecking: the node's children
 * and the items depending on it are cleared (and unlocked).
 */
export function setChecked(nodes: TreeNode[], id: number, checked: boolean): TreeNode[] {
  const parents = new Set(checked ? ancestorsOf(nodes, id) ?? [] : []);
  const cleared = new Set<number>();
  let tree = mapTree(nodes, (n, parent) => {
    if (n.Id === id) {
      const children = n.children?.map((c) =>
        c.ActionId === FOLLOWING_ACTION_ID ? { ...c, checked, locked: checked } : checked ? c : { ...c, checked: false, locked: false },
      );
      return { ...n, checked, children };
    }
    if (parents.has(n.Id)) return { ...n, checked: true };
    // Descendants deeper than the children of an unchecked node are cleared too.
    if (!checked && parent && (parent.Id === id || cleared.has(parent.Id))) {
      cleared.add(n.Id);
      return { ...n, checked: false, locked: false };
    }
    return n;
  });
  if (!checked) {
    // Items depending on the unchecked node (anywhere in the tree) lose their check.
    tree = mapTree(tree, (n) => (n.DependsOn === id ? { ...n, checked: false } : n));
  }
  return tree;
}

/** Ids of every node with children: what expand-all opens. */
export function expandableIds(nodes: readonly TreeNode[]): number[] {
  return flattenTree(nodes).filter((n) => n.children?.length).map((n) => n.Id);
}

/** A required tree needs at least one checked node. */
export const checkboxTreeRule: WidgetRule<TreeNode[] | undefined> = (value, { label, required }) =>
  required && !flattenTree(value ?? []).some((n) => n.checked) ? [message('required', [label])] : [];

/** Unchecked, with some of its descendants checked: drawn as partly chosen, so a collapsed parent still tells. */
export function isPartlyChecked(node: TreeNode): boolean {
  return !node.checked && flattenTree(node.children ?? []).some((child) => child.checked);
}
