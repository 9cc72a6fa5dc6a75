import fc from 'fast-check';

/**
 * The model the field access property (field-access-holds-over-any-sequence.test.ts) runs against: a built form whose
 * fields change (added, renamed, retyped, deactivated, a UDF's range moved, deleted while empty), a role 'Clerk' whose
 * grants change (each field hidden, read-only or editable, the role itself deactivated, View All Records on and off),
 * two clerks on that role (the first with overrides of its own), and records written by the administrator and by the
 * second clerk. What each clerk should see follows from it.
 */
export type Level = 'hidden' | 'readOnly' | 'editable';

export interface FieldModel {
  id: number;
  /** Every name it has had, the current last. */
  names: string[];
  type: 'text' | 'textArea';
  udf: boolean;
  active: boolean;
  /** A UDF's range holds today (a UDF's range moved to the future: false). */
  inRange: boolean;
  role: Level;
  override: Level | null;
  /** Every value written to it, by anyone. */
  values: string[];
  deleted: boolean;
}

export interface Model {
  fields: FieldModel[];
  roleActive: boolean;
  viewAll: boolean;
}

export type Action =
  | { kind: 'add' }
  | { kind: 'rename' | 'deactivate' | 'reactivate' | 'retype' | 'moveRange' | 'delete'; field: number }
  | { kind: 'grant'; field: number; level: Level }
  | { kind: 'override'; field: number; level: Level | null }
  | { kind: 'roleActive'; on: boolean }
  | { kind: 'viewAll'; on: boolean }
  | { kind: 'write'; by: 'admin' | 'clerk2' };

/** Fields are chosen by index into the fields there are at that step (modulo), so any sequence applies. */
const field = fc.nat(7);
const level = fc.constantFrom<Level>('hidden', 'readOnly', 'editable');
export const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const) }),
  fc.record({ kind: fc.constantFrom('rename' as const, 'deactivate' as const, 'reactivate' as const, 'retype' as const, 'moveRange' as const, 'delete' as const), field }),
  fc.record({ kind: fc.constant('grant' as const), field, level }),
  fc.record({ kind: fc.constant('override' as const), field, level: fc.constantFrom<Level | null>('hidden', 'readOnly', 'editable', null) }),
  fc.record({ kind: fc.constant('roleActive' as const), on: fc.boolean() }),
  fc.record({ kind: fc.constant('viewAll' as const), on: fc.boolean() }),
  fc.record({ kind: fc.constant('write' as const), by: fc.constantFrom('admin' as const, 'clerk2' as const) }),
);

/** What a clerk holds of a field: hidden when the role is off (an override still decides), a deleted field is no field. */
export function levelFor(model: Model, f: FieldModel, withOverrides: boolean): Level {
  const role = model.roleActive ? f.role : 'hidden';
  return (withOverrides ? f.override : null) ?? role;
}

/** Whether the field shows a value now (active, and a UDF within its range). */
export const shows = (f: FieldModel) => !f.deleted && f.active && f.inRange;

export const liveFields = (model: Model) => model.fields.filter((f) => !f.deleted);
export const pick = (model: Model, index: number): FieldModel | undefined => {
  const live = liveFields(model);
  return live.length ? live[index % live.length] : undefined;
};
