import { describe, expect, it } from 'vitest';
import { assertTreeDepth, checkboxTreeRule, expandableIds, flattenTree, isNodeDisabled, isPartlyChecked, setChecked, type TreeNode } from '../../engine/widgets/checkbox-tree/logic.ts';
import { attachChildren, selectedWizardIds, toggleWizardNode, wizardPickerRule, type WizardNode } from '../../engine/widgets/wizard-picker/logic.ts';

const tree = (): TreeNode[] => [
  {
    Id: 1, Name: 'Users', checked: false, children: [
      { Id: 11, Name: 'View', ActionId: 3, checked: false },
      { Id: 12, Name: 'Edit', ActionId: 2, checked: false, children: [{ Id: 121, Name: 'Edit names', checked: false }] },
      { Id: 13, Name: 'Delete', ActionId: 2, DependsOn: 12, checked: false },
    ],
  },
];
const byId = (nodes: TreeNode[], id: number) => flattenTree(nodes).find((n) => n.Id === id)!;

describe('nested checkbox tree', () => {
  it('checking a node whose children have ActionId 3 also checks and disables those children', () => {
    const t = setChecked(tree(), 1, true);
    expect(byId(t, 11)).toMatchObject({ checked: true, locked: true });
    expect(isNodeDisabled(t, byId(t, 11))).toBe(true);
    expect(byId(t, 12).checked).toBe(false);
  });
  it('unchecking clears dependent children', () => {
    let t = setChecked(tree(), 1, true);
    t = setChecked(t, 121, true);
    t = setChecked(t, 13, true);
    t = setChecked(t, 12, false);
    expect(byId(t, 121).checked).toBe(false);
    expect(byId(t, 13).checked).toBe(false);
    t = setChecked(t, 1, false);
    expect(byId(t, 11)).toMatchObject({ checked: false, locked: false });
  });
  it('an item dependent on another is disabled until that one is checked', () => {
    const t = tree();
    expect(isNodeDisabled(t, byId(t, 13))).toBe(true);
    const t2 = setChecked(t, 12, true);
    expect(isNodeDisabled(t2, byId(t2, 13))).toBe(false);
  });
  it('checking a dependent item checks its parent', () => {
    const t = setChecked(tree(), 121, true);
    expect(byId(t, 12).checked).toBe(true);
    expect(byId(t, 1).checked).toBe(true);
  });
  it('goes up to 4 levels', () => {
    const level = (depth: number): TreeNode => ({ Id: depth, Name: String(depth), checked: false, children: depth > 1 ? [level(depth - 1)] : undefined });
    expect(() => assertTreeDepth([level(4)])).not.toThrow();
    expect(() => assertTreeDepth([level(5)])).toThrow('Nested checkboxes go up to 4 levels.');
  });
  it('expand all opens every node with children', () => {
    expect(expandableIds(tree())).toEqual([1, 12]);
  });
});

describe('wizard picker', () => {
  const nodes = (): WizardNode[] => [
    { Id: 1, Name: 'Behavior', ParentId: null, IsChecked: false, ChildNodes: [
      { Id: 10, Name: 'Goal', ParentId: 1, IsChecked: false, ChildNodes: [{ Id: 100, Name: 'Objective', ParentId: 10, IsChecked: false }] },
    ] },
    { Id: 2, Name: 'Other', ParentId: null, IsChecked: false },
  ];
  it('selecting a node also selects its parents', () => {
    expect(selectedWizardIds(toggleWizardNode(nodes(), 100, true))).toEqual([1, 10, 100]);
  });
  it('deselecting a node deselects its children', () => {
    const all = toggleWizardNode(nodes(), 100, true);
    expect(selectedWizardIds(toggleWizardNode(all, 10, false))).toEqual([1]);
  });
  it('attaches a fetched level under its parent', () => {
    const t = attachChildren(nodes(), 2, [{ Id: 20, Name: 'Goal 20', ParentId: 2, IsChecked: false }]);
    expect(t[1].ChildNodes?.map((n) => n.Id)).toEqual([20]);
  });
});

describe('required trees and pickers', () => {
  const ctx = { label: 'Permissions', required: true, options: {} };
  it('a required tree needs a checked node; a required wizard a selected node', () => {
    expect(checkboxTreeRule(tree(), ctx)).toEqual(['Permissions is required.']);
    expect(checkboxTreeRule(setChecked(tree(), 121, true), ctx)).toEqual([]);
    expect(wizardPickerRule([], ctx)).toEqual(['Permissions is required.']);
    expect(wizardPickerRule([3], ctx)).toEqual([]);
  });
});

describe('isPartlyChecked', () => {
  const leaf = (Id: number, checked: boolean): TreeNode => ({ Id, Name: `n${Id}`, checked });
  it('holds for an unchecked node with a checked descendant at any depth, and for nothing else', () => {
    const deep: TreeNode = { Id: 1, Name: 'form', checked: false, children: [{ Id: 2, Name: 'a', checked: false, children: [leaf(3, true)] }] };
    expect(isPartlyChecked(deep)).toBe(true);
    expect(isPartlyChecked({ ...deep, checked: true })).toBe(false);
    expect(isPartlyChecked({ Id: 1, Name: 'form', checked: false, children: [leaf(2, false)] })).toBe(false);
    expect(isPartlyChecked(leaf(4, false))).toBe(false);
  });
});
