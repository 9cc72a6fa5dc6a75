import { describe, expect, it } from 'vitest';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import { createValuesOf } from '../../engine/core/forms/compose.ts';
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
