import { describe, expect, it } from 'vitest';
import { setChecked } from '../../../engine/widgets/checkbox-tree/logic.ts';
import { lockedActionIds, permissionsAfter, permissionTree } from '../../../ui/screens/circles/permission-tree.ts';
import { changedParts, draftAfterSave, draftOf, errorAt, formLevelErrors, withoutErrorsAt, writeOf } from '../../../ui/screens/circles/aggregate-draft.ts';
import type { AggregateCircle, CombinedForm } from '../../../ui/screens/circles/circle-api.ts';

const action = (ActionId: number, Name: string, extra: Partial<CombinedForm['Actions'][number]> = {}) =>
  ({ ActionId, Name, ParentActionId: null, Checked: false, Locked: false, GrantedBy: [], ...extra });
// Form 3's ids meet action 3's: the tree keeps them apart.
const forms: CombinedForm[] = [
  { FormId: 3, Name: 'Work Order', Actions: [action(3, 'Edit'), action(4, 'Delete', { Locked: true, Checked: true, GrantedBy: ['Clerk'] }), action(5, 'Print', { ParentActionId: 3 })] },
  { FormId: 9, Name: 'Incident', Actions: [action(7, 'Edit')] },
];

describe('the permission tree of a circle', () => {
  it('puts each form above its actions, nests actions by parent, and checks and locks what a role grants', () => {
    const tree = permissionTree(forms, [7]);
    expect(tree.map((f) => [f.Id, f.Name, f.checked])).toEqual([[-3, 'Work Order', false], [-9, 'Incident', true]]);
    const [edit, del] = tree[0].children!;
    expect(edit).toMatchObject({ Id: 3, checked: false, children: [{ Id: 5, Name: 'Print', checked: false }] });
    expect(del).toMatchObject({ Id: 4, Name: 'Delete (granted by Clerk)', checked: true, locked: true });
  });

  it('checking an action adds it (and its parent) to the explicit permissions, never a locked one', () => {
    const tree = permissionTree(forms, []);
    const next = setChecked(tree, 5, true);
    expect(permissionsAfter(tree, next, lockedActionIds(forms)).sort()).toEqual([3, 5]);
  });

  it("a form's box checks every action, and unchecking it clears all but the role-granted ones", () => {
    const tree = permissionTree(forms, []);
    const all = permissionsAfter(tree, setChecked(tree, -3, true), lockedActionIds(forms)).sort();
    expect(all).toEqual([3, 5]);
    const full = permissionTree(forms, all);
    expect(full[0].checked).toBe(true);
    const cleared = permissionsAfter(full, setChecked(full, -3, false), lockedActionIds(forms));
    expect(cleared).toEqual([]);
    // The role's grant stays checked and locked after the form was cleared.
    expect(permissionTree(forms, cleared)[0].children![1]).toMatchObject({ checked: true, locked: true });
  });

  it('unchecking one action leaves the others of its form', () => {
    const tree = permissionTree(forms, [3, 5, 7]);
    expect(permissionsAfter(tree, setChecked(tree, 5, false), lockedActionIds(forms)).sort()).toEqual([3, 7]);
  });
});

const record: AggregateCircle = {
  Id: 4, Name: 'East', Description: null, IsActive: true, Role: [{ Id: 2, Name: 'Clerk' }], Permissions: [7],
  AtomicCircleHierarchy: [{ Id: 10, Name: 'North' }], OwnerAtomicCircle: null, Users: [], RowVersion: 3,
};

describe('the aggregate page draft', () => {
  it('tells which parts changed and sends only those (with the name and the version read)', () => {
    const saved = draftOf(record);
    const draft = { ...saved, members: [10, 11] };
    expect(changedParts(draft, saved)).toEqual({ header: false, members: true, permissions: false, users: false });
    expect(writeOf(draft, ['members'], 3)).toEqual({ Name: 'East', Description: null, RowVersion: 3, AtomicCircleHierarchy: [{ Id: 10 }, { Id: 11 }], OwnerAtomicCircle: null });
    expect(changedParts({ ...saved, roles: [{ Id: 2, Name: 'Clerk' }] }, saved).permissions).toBe(false);
  });

  it('after a save the saved part takes the answer, and a part being edited keeps its changes', () => {
    const saved = draftOf(record);
    const draft = { ...saved, members: [10, 11], users: [{ Id: 5, Name: 'Ann' }] };
    const after = draftAfterSave(draft, { ...saved, members: [10, 11] }, ['members']);
    expect(after.members).toEqual([10, 11]);
    expect(after.users).toEqual([{ Id: 5, Name: 'Ann' }]);
  });

  it("matches the server's errors to fields by PropertyName, and drops a field's errors when it is edited", () => {
    const items = [
      { PropertyName: 'Name', ErrorMessage: 'A record with the name East already exists.', ErrorCode: 'Unique' },
      { PropertyName: 'Role[0].Id', ErrorMessage: 'The role 9 does not exist or is inactive.', ErrorCode: 'Role' },
      { PropertyName: null, ErrorMessage: 'This aggregate circle was changed by someone else.', ErrorCode: 'Conflict' },
    ];
    expect(errorAt(items, 'Name')).toMatch(/already exists/);
    expect(errorAt(items, 'Role')).toMatch(/role 9/);
    expect(formLevelErrors(items).map((i) => i.ErrorCode)).toEqual(['Conflict']);
    expect(withoutErrorsAt(items, 'Name').map((i) => i.ErrorCode)).toEqual(['Role', 'Conflict']);
  });
});
