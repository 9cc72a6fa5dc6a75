import { describe, expect, it } from 'vitest';
import {
  actionColumnFaults, actionHandling, actionMessages, actionUrl, assertActionColumns, circleGrants, circleIdOf, isGranted,
  isHiddenByRow, isRowActionVisible, isSetActionVisible, placeRowActions, type PageAction,
} from '../../engine/core/grid/actions.ts';
import { screenDocumentFaults, type ListDefinition } from '../../engine/core/screen-document.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };

const action = (ActionId: number, ParentActionId: number | null = null, extra: Partial<PageAction> = {}): PageAction => ({
  Type: 'button', Url: '/thing/open', ButtonText: `Action ${ActionId}`, ActionId, ActionName: `A${ActionId}`, ColumnCss: null, ButtonCss: null, ParentActionId, ...extra,
});

describe('CircleAccess grants (spec 2 section 6)', () => {
  const grants = circleGrants([{ Key: 10, Value: '1, 2' }, { Key: 20, Value: '3' }, { Key: 30, Value: '' }]);

  it('reads comma-separated action ids per circle, ignoring blanks and junk', () => {
    expect([...grants.get(10)!]).toEqual([1, 2]);
    expect([...grants.get(30)!]).toEqual([]);
    expect([...circleGrants([{ Key: 1, Value: '4,,x, 5 ' }]).get(1)!]).toEqual([4, 5]);
    expect(circleGrants(undefined).size).toBe(0);
  });

  it("shows an action on a row only where the row's circle grants it", () => {
    expect(isGranted(action(1), grants, { AtomicCircleId: 10 })).toBe(true);
    expect(isGranted(action(3), grants, { AtomicCircleId: 10 })).toBe(false); // granted, but in another circle
    expect(isGranted(action(3), grants, { AtomicCircleId: 20 })).toBe(true);
    expect(isGranted(action(1), grants, { AtomicCircleId: 99 })).toBe(false); // a circle with no entry
    expect(isGranted(action(1), grants, { AtomicCircleId: '10' })).toBe(true); // ids as text
  });

  it('grants an action through its parent action', () => {
    expect(isGranted(action(7, 2), grants, { AtomicCircleId: 10 })).toBe(true);
    expect(isGranted(action(7, 3), grants, { AtomicCircleId: 10 })).toBe(false);
    expect(isGranted(action(7, null), grants, { AtomicCircleId: 10 })).toBe(false);
  });

  it('lets a row without a circle id match any circle', () => {
    for (const row of [{}, { AtomicCircleId: null }, { AtomicCircleId: '' }, { AtomicCircleId: 0 }]) {
      expect(circleIdOf(row)).toBeNull();
      expect(isGranted(action(3), grants, row)).toBe(true);
      expect(isGranted(action(4), grants, row)).toBe(false); // no circle grants 4
    }
    expect(isGranted(action(1), circleGrants([]), {})).toBe(false); // and with no circles at all, nothing
  });

  it('shows a set action when any circle grants it or its parent', () => {
    expect(isSetActionVisible(action(3), grants)).toBe(true);
    expect(isSetActionVisible(action(8, 1), grants)).toBe(true);
    expect(isSetActionVisible(action(8), grants)).toBe(false);
  });
});

describe('hiding an action by a row property', () => {
  it('hides when the property equals the value, comparing text with numbers', () => {
    expect(isHiddenByRow({ IsMaster: true }, { field: 'IsMaster', equals: true })).toBe(true);
    expect(isHiddenByRow({ IsMaster: false }, { field: 'IsMaster', equals: true })).toBe(false);
    expect(isHiddenByRow({ StatusId: '3' }, { field: 'StatusId', equals: 3 })).toBe(true);
    expect(isHiddenByRow({ StatusId: 4 }, { field: 'StatusId', equals: '3' })).toBe(false);
    expect(isHiddenByRow({}, { field: 'IsMaster', equals: false })).toBe(false); // absent is not false
    expect(isHiddenByRow({ Owner: null }, { field: 'Owner', equals: null })).toBe(true);
    expect(isHiddenByRow({ Owner: 'x' }, undefined)).toBe(false);
  });

  it('combines with the grant: both must allow the action', () => {
    const grants = circleGrants([{ Key: 0, Value: '1' }]);
    const column = { hideWhen: { field: 'IsMaster', equals: true } };
    expect(isRowActionVisible(action(1), { IsMaster: false }, grants, column)).toBe(true);
    expect(isRowActionVisible(action(1), { IsMaster: true }, grants, column)).toBe(false);
    expect(isRowActionVisible(action(2), { IsMaster: false }, grants, column)).toBe(false);
  });
});

describe('action URLs and handling', () => {
  it('appends the row id, then the extra params with {Field} filled from the row', () => {
    expect(actionUrl('/user/update', 12)).toBe('/user/update/12');
    expect(actionUrl('/user/update/', 12)).toBe('/user/update/12');
    expect(actionUrl('/user/update', 'a b')).toBe('/user/update/a%20b');
    expect(actionUrl('/report/run', 5, { returnUrl: '/user', name: '{LastName}' }, { LastName: 'Ng & Co' })).toBe('/report/run/5?returnUrl=%2Fuser&name=Ng+%26+Co');
    expect(actionUrl('/report/run?mode=print', 5, { copies: '2' })).toBe('/report/run/5?mode=print&copies=2');
    expect(actionUrl('/users/mail', null)).toBe('/users/mail'); // a set action has no row
  });

  it('runs a registered handler first, else the URL, else says it is not implemented', () => {
    const handler = () => {};
    expect(actionHandling(action(1), { A1: handler })).toBe('handler');
    expect(actionHandling(action(1), {})).toBe('url');
    expect(actionHandling(action(1, null, { Url: null }), {})).toBe('unimplemented');
    expect(actionHandling(action(1, null, { Url: '  ' }), { A2: handler })).toBe('unimplemented');
    expect(actionMessages.unimplemented).toBe('Functionality has not been implemented');
  });
});

describe('action columns', () => {
  const list = (columns: ListDefinition['columns']): ListDefinition => ({ columns });

  it('refuses an action column that names no action, in the grid and in the metadata check', () => {
    const bad = list([{ field: 'Name', label: 'Name' }, { field: 'Go', label: '', type: 'action' }]);
    expect(actionColumnFaults(bad)).toEqual([{ pointer: '/list/columns/1/action', message: 'action column Go names no action' }]);
    expect(() => assertActionColumns(bad)).toThrow('The listing grid refuses this list: action column Go names no action (/list/columns/1/action).');
    const doc = structuredClone(users) as Record<string, any>;
    delete doc.list.columns.find((c: { type?: string }) => c.type === 'action').action;
    expect(screenDocumentFaults(doc)).toEqual([expect.objectContaining({ message: expect.stringMatching(/names no action$/) })]);
  });

  it('refuses sortable action columns and action settings on data columns', () => {
    expect(actionColumnFaults(list([{ field: 'Go', label: '', type: 'action', action: 'Go', sortable: true }]))[0].message).toMatch(/cannot be sortable/);
    expect(actionColumnFaults(list([{ field: 'Name', label: 'Name', action: 'Go' }]))[0].message).toMatch(/not an action column/);
    expect(() => assertActionColumns(list([{ field: 'Go', label: '', type: 'action', action: 'Go' }]))).not.toThrow();
  });

  it('places each row action in the column naming it, and the rest in the actions column', () => {
    const placed = placeRowActions(list([{ field: 'Name', label: 'Name' }, { field: 'Del', label: '', type: 'action', action: 'A2' }]), [action(1), action(2), action(3)]);
    expect([...placed.byColumn.entries()].map(([f, a]) => [f, a.ActionId])).toEqual([['Del', 2]]);
    expect(placed.unplaced.map((a) => a.ActionId)).toEqual([1, 3]);
  });
});
