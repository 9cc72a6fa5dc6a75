import { flattenTree, MAX_TREE_DEPTH, type TreeNode } from '../../../engine/widgets/checkbox-tree/logic.ts';
import type { CombinedAction, CombinedForm } from './circle-api.ts';

/**
 * The permission tree of a circle: forms, their actions below them (nested by ParentActionId). Form nodes get negative
 * ids so they never meet an action id. The tree is derived from the server's forms and the circle's explicit
 * Permissions; a role's grants are checked and locked (they are changed on the role).
 */
export function permissionTree(forms: readonly CombinedForm[], permissions: readonly number[]): TreeNode[] {
  const chosen = new Set(permissions);
  return forms.map((form) => {
    const actions = actionNodes(form.Actions, chosen);
    const all = flattenTree(actions);
    return { Id: -form.FormId, Name: form.Name, checked: all.length > 0 && all.every((a) => a.checked), children: actions };
  });
}

function actionLabel(action: CombinedAction): string {
  return action.Locked && action.GrantedBy.length ? `${action.Name} (granted by ${action.GrantedBy.join(', ')})` : action.Name;
}

function actionNodes(actions: readonly CombinedAction[], chosen: ReadonlySet<number>): TreeNode[] {
  const ids = new Set(actions.map((a) => a.ActionId));
  const below = (parent: number | null, depth: number): TreeNode[] =>
    actions
      .filter((a) => (parent === null ? a.ParentActionId === null || !ids.has(a.ParentActionId) : a.ParentActionId === parent))
      .map((a) => {
        // The tree goes four levels deep (the form is the first): deeper actions sit beside their parent's children.
        const children = depth < MAX_TREE_DEPTH ? below(a.ActionId, depth + 1) : [];
        const node: TreeNode = { Id: a.ActionId, Name: actionLabel(a), checked: a.Locked || chosen.has(a.ActionId), locked: a.Locked };
        return children.length ? { ...node, children } : node;
      });
  return below(null, 2);
}

/** The ids of the actions a role grants on these forms. */
export function lockedActionIds(forms: readonly CombinedForm[]): Set<number> {
  return new Set(forms.flatMap((f) => f.Actions.filter((a) => a.Locked).map((a) => a.ActionId)));
}

/**
 * The explicit Permissions after the tree changed from `before` to `after` (CheckboxTree's own rules ran already).
 * A form's box is 'every action': checking it checks all of them, unchecking it clears all that no role locks.
 */
export function permissionsAfter(before: readonly TreeNode[], after: readonly TreeNode[], locked: ReadonlySet<number>): number[] {
  const chosen = new Set<number>();
  for (const form of after) {
    const previous = before.find((f) => f.Id === form.Id);
    const actions = flattenTree(form.children ?? []);
    const formClicked = previous && previous.checked !== form.checked && sameActions(flattenTree(previous.children ?? []), actions, form.checked);
    for (const action of actions) {
      if (locked.has(action.Id)) continue;
      if (formClicked ? form.checked : action.checked) chosen.add(action.Id);
    }
  }
  return [...chosen];
}

/**
 * Whether the form's own box was the one clicked: checking it leaves its actions as they were; unchecking it
 * clears them (an action's click changes the action, and checks the form only as its ancestor).
 */
function sameActions(before: TreeNode[], after: TreeNode[], nowChecked: boolean): boolean {
  if (!nowChecked) return true; // unchecking an action never unchecks its form: only the form's box does that
  return after.every((a) => before.find((b) => b.Id === a.Id)?.checked === a.checked);
}

/** Same members, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}
