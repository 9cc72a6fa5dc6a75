import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

/** A wizard node (spec 3 "Wizard node"), with the children loaded so far. */
export interface WizardNode {
  Id: number;
  Name: string;
  ParentId: number | null;
  IsChecked: boolean;
  /** Undefined until the level below has been fetched. */
  ChildNodes?: WizardNode[];
}

function mapNodes(nodes: WizardNode[], fn: (n: WizardNode) => WizardNode): WizardNode[] {
  return nodes.map((n) => {
    const m = fn(n);
    return m.ChildNodes ? { ...m, ChildNodes: mapNodes(m.ChildNodes, fn) } : m;
  });
}

function pathTo(nodes: readonly WizardNode[], id: number, trail: number[] = []): number[] | null {
  for (const n of nodes) {
    if (n.Id === id) return [...trail, n.Id];
    const found = pathTo(n.ChildNodes ?? [], id, [...trail, n.Id]);
    if (found) return found;
  }
  return null;
}

function descendants(node: WizardNode): number[] {
  return (node.ChildNodes ?? []).flatMap((c) => [c.Id, ...descendants(c)]);
}

function find(nodes: readonly WizardNode[], id: number): WizardNode | undefined {
  for (const n of nodes) {
    if (n.Id === id) return n;
    const found = find(n.ChildNodes ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** Selecting a node also selects its parents; deselecting a node deselects its children. */
export function toggleWizardNode(nodes: WizardNode[], id: number, checked: boolean): WizardNode[] {
  const target = find(nodes, id);
  if (!target) return nodes;
  const affected = new Set(checked ? pathTo(nodes, id) ?? [] : [id, ...descendants(target)]);
  return mapNodes(nodes, (n) => (affected.has(n.Id) ? { ...n, IsChecked: checked } : n));
}

/** Puts a fetched level under its parent (or at the top when parentId is null). */
export function attachChildren(nodes: WizardNode[], parentId: number | null, children: WizardNode[]): WizardNode[] {
  if (parentId === null) return children;
  return mapNodes(nodes, (n) => (n.Id === parentId ? { ...n, ChildNodes: children } : n));
}

/** The selected nodes' Ids, parents before children. */
export function selectedWizardIds(nodes: readonly WizardNode[]): number[] {
  return nodes.flatMap((n) => [...(n.IsChecked ? [n.Id] : []), ...selectedWizardIds(n.ChildNodes ?? [])]);
}

/** A required wizard picker needs at least one selected node. */
export const wizardPickerRule: WidgetRule<number[] | undefined> = (value, { label, required }) =>
  required && !(value ?? []).length ? [message('required', [label])] : [];
