import { describe, expect, it } from 'vitest';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import { createValuesOf, updateValuesOf } from '../../engine/core/forms/compose.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };

const form = (users as unknown as ScreenDocument).form!;

describe("a create form's starting values (ui:options.createValue)", () => {
  it("start the user create form at 'Set a password now'", () => {
    expect(createValuesOf(form)).toEqual({ SignInSetup: 'SetPasswordNow' });
  });

  it('leave out a field the create form does not show (one the user may not see)', () => {
    const create = form.fields.create!.filter((f) => f !== 'SignInSetup') as typeof form.fields.update;
    const without = { ...form, fields: { ...form.fields, create } };
    expect(createValuesOf(without)).toEqual({});
  });
});

describe("an update form's starting values (ui:options.startsAs)", () => {
  it('start the user update form with Confirm Email Address as the stored address, and keep one the record has', () => {
    expect(updateValuesOf(form, { UserId: 3, EmailAddress: 'a@example.org' })).toMatchObject({ EmailAddress: 'a@example.org', ConfirmEmailAddress: 'a@example.org' });
    expect(updateValuesOf(form, { EmailAddress: 'a@example.org', ConfirmEmailAddress: 'b@example.org' }).ConfirmEmailAddress).toBe('b@example.org');
    // Without the address (a user who may not see it) there is nothing to start from.
    expect(updateValuesOf(form, { UserId: 3 })).not.toHaveProperty('ConfirmEmailAddress');
  });
});
