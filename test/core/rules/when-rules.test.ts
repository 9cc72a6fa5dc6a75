import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../../../engine/core/rules/evaluate-rules.ts';
import type { Rule } from '../../../engine/core/rules/types.ts';

const sorted = (set: Set<string>) => [...set].sort();

describe('spec 1 create user: "Confirm Password is enabled only once a password is typed"', () => {
  const rules: Rule[] = [
    { when: { field: 'Password', empty: true }, then: [{ disable: ['ConfirmPassword'], set: { MustChangePassword: true } }] },
  ];

  it('disabled while the password is empty, enabled once typed', () => {
    expect(sorted(evaluateRules(rules, { Password: '' }).disabled)).toEqual(['ConfirmPassword']);
    expect(sorted(evaluateRules(rules, { Password: 'a' }).disabled)).toEqual([]);
  });

  it('"If the password is cleared, MustChangePassword returns to true" (once, when cleared)', () => {
    const cleared = evaluateRules(rules, { Password: '', MustChangePassword: false }, { Password: 'abc', MustChangePassword: false });
    expect(cleared.formData.MustChangePassword).toBe(true);
    const later = evaluateRules(rules, { Password: '', MustChangePassword: false }, { Password: '', MustChangePassword: true });
    expect(later.formData.MustChangePassword).toBe(false);
  });
});

describe('spec 1 your account: "toggling the password section on makes current and new password required; toggling off clears them and makes them optional"', () => {
  const rules: Rule[] = [
    {
      when: { field: 'ChangePassword', truthy: true },
      then: [{ show: ['CurrentPassword', 'NewPassword'], require: ['CurrentPassword', 'NewPassword'] }],
      else: [{ hide: ['CurrentPassword', 'NewPassword'], optional: ['CurrentPassword', 'NewPassword'], clear: ['CurrentPassword', 'NewPassword'] }],
    },
  ];

  it('on: required and shown', () => {
    const outcome = evaluateRules(rules, { ChangePassword: true });
    expect(sorted(outcome.required)).toEqual(['CurrentPassword', 'NewPassword']);
    expect(sorted(outcome.hidden)).toEqual([]);
  });

  it('off: cleared, optional and hidden', () => {
    const outcome = evaluateRules(rules, { ChangePassword: false, CurrentPassword: 'old', NewPassword: 'new' }, { ChangePassword: true, CurrentPassword: 'old', NewPassword: 'new' });
    expect(outcome.formData).toEqual({ ChangePassword: false });
    expect(sorted(outcome.optional)).toEqual(['CurrentPassword', 'NewPassword']);
    expect(sorted(outcome.hidden)).toEqual(['CurrentPassword', 'NewPassword']);
  });

  it('a value loaded with the section off is not cleared on first render', () => {
    expect(evaluateRules(rules, { ChangePassword: false, CurrentPassword: 'x' }).formData.CurrentPassword).toBe('x');
  });
});

describe('spec 1 my account: "Starting a password change clears the current password and enables the field"', () => {
  const rules: Rule[] = [
    { when: { field: 'EditingPassword', truthy: true }, then: [{ clear: ['CurrentPassword'], enable: ['CurrentPassword'] }], else: [{ disable: ['CurrentPassword'] }] },
  ];

  it('clears on starting, and the user can then type into it', () => {
    const started = evaluateRules(rules, { EditingPassword: true, CurrentPassword: 'stale' }, { EditingPassword: false, CurrentPassword: 'stale' });
    expect(started.formData).toEqual({ EditingPassword: true });
    expect(started.disabled.has('CurrentPassword')).toBe(false);
    const typing = evaluateRules(rules, { EditingPassword: true, CurrentPassword: 'abc' }, started.formData);
    expect(typing.formData.CurrentPassword).toBe('abc');
  });
});

describe('spec 1 client settings address rules', () => {
  const addressParts = ['Address.Address1', 'Address.Address2', 'Address.City', 'Address.State', 'Address.ZipCode'];
  const rules: Rule[] = [
    {
      when: { field: 'Address.Country.Name', equals: 'UNITED STATES' },
      then: [{ require: ['Address.State', 'Address.ZipCode'], optional: ['Address.ProvinceRegion', 'Address.PostalCode'], hide: ['Address.ProvinceRegion', 'Address.PostalCode'], clear: ['Address.ProvinceRegion', 'Address.PostalCode'] }],
      else: [{ require: ['Address.ProvinceRegion', 'Address.PostalCode'], optional: ['Address.State', 'Address.ZipCode'], hide: ['Address.State', 'Address.ZipCode'], clear: ['Address.State', 'Address.ZipCode'] }],
    },
    {
      when: { any: addressParts.map((field) => ({ field, empty: false })) },
      then: [{ require: ['Address.Country', 'Address.Address1', 'Address.City'] }],
    },
  ];

  it('"When the country is United States, State and ZipCode are required and ProvinceRegion and PostalCode are cleared and not required"', () => {
    const previous = { Address: { Country: { Name: 'CANADA' }, ProvinceRegion: 'ON', PostalCode: 'K1A 0B1' } };
    const outcome = evaluateRules(rules, { Address: { ...previous.Address, Country: { Name: 'UNITED STATES' } } }, previous);
    expect(outcome.formData).toEqual({ Address: { Country: { Name: 'UNITED STATES' } } });
    expect(outcome.required.has('Address.State') && outcome.required.has('Address.ZipCode')).toBe(true);
    expect(outcome.optional.has('Address.PostalCode') && outcome.hidden.has('Address.PostalCode')).toBe(true);
  });

  it('"for other countries the reverse"', () => {
    const previous = { Address: { Country: { Name: 'UNITED STATES' }, State: 'NY', ZipCode: '10001' } };
    const outcome = evaluateRules(rules, { Address: { ...previous.Address, Country: { Name: 'GHANA' } } }, previous);
    expect(outcome.formData).toEqual({ Address: { Country: { Name: 'GHANA' } } });
    expect(outcome.required.has('Address.PostalCode')).toBe(true);
    expect(outcome.required.has('Address.ZipCode')).toBe(false);
  });

  it('"Any address part filled in makes country, Address1 and city required"', () => {
    const none = evaluateRules(rules, { Address: { Country: { Name: 'GHANA' }, City: '  ' } });
    expect(none.required.has('Address.City')).toBe(false);
    const some = evaluateRules(rules, { Address: { Country: { Name: 'GHANA' }, Address2: 'Flat 2' } });
    expect(sorted(some.required)).toEqual(['Address.Address1', 'Address.City', 'Address.Country', 'Address.PostalCode', 'Address.ProvinceRegion']);
  });
});

describe('spec 2 menu item: "type 1 makes Url and Target required; type 2 makes Module required; other types make both optional"', () => {
  const rules: Rule[] = [
    { when: { field: 'Type', equals: 1 }, then: [{ require: ['Url', 'Target'] }], else: [{ optional: ['Url', 'Target'] }] },
    { when: { field: 'Type', equals: 2 }, then: [{ require: ['Module'] }], else: [{ optional: ['Module'] }] },
  ];

  it('type 1 (also as the text "1" from a select)', () => {
    expect(sorted(evaluateRules(rules, { Type: 1 }).required)).toEqual(['Target', 'Url']);
    expect(sorted(evaluateRules(rules, { Type: '1' }).required)).toEqual(['Target', 'Url']);
  });

  it('type 2', () => {
    expect(sorted(evaluateRules(rules, { Type: 2 }).required)).toEqual(['Module']);
  });

  it('other types: both optional', () => {
    const outcome = evaluateRules(rules, { Type: 3 });
    expect(sorted(outcome.required)).toEqual([]);
    expect(sorted(outcome.optional)).toEqual(['Module', 'Target', 'Url']);
  });
});

describe('conditions and ordering', () => {
  it('in, notEquals, not and all', () => {
    const rules: Rule[] = [
      { when: { field: 'Kind', in: ['a', 'b'] }, then: [{ hide: ['InList'] }] },
      { when: { field: 'Kind', notEquals: 'a' }, then: [{ hide: ['NotA'] }] },
      { when: { not: { field: 'Kind', empty: true } }, then: [{ hide: ['NotEmpty'] }] },
      { when: { all: [{ field: 'Kind', equals: 'b' }, { field: 'Flag', truthy: false }] }, then: [{ hide: ['BothHold'] }] },
    ];
    expect(sorted(evaluateRules(rules, { Kind: 'a' }).hidden)).toEqual(['InList', 'NotEmpty']);
    expect(sorted(evaluateRules(rules, { Kind: 'b', Flag: false }).hidden)).toEqual(['BothHold', 'InList', 'NotA', 'NotEmpty']);
    expect(sorted(evaluateRules(rules, { Kind: 'c', Flag: true }).hidden)).toEqual(['NotA', 'NotEmpty']);
  });

  it('an empty list is neither truthy nor filled in', () => {
    const rules: Rule[] = [
      { when: { field: 'Roles', truthy: true }, then: [{ hide: ['Truthy'] }] },
      { when: { field: 'Roles', empty: true }, then: [{ hide: ['Empty'] }] },
    ];
    expect(sorted(evaluateRules(rules, { Roles: [] }).hidden)).toEqual(['Empty']);
    expect(sorted(evaluateRules(rules, { Roles: [1] }).hidden)).toEqual(['Truthy']);
  });

  it('a later rule overrides an earlier one for the same field', () => {
    const rules: Rule[] = [
      { when: { field: 'A', truthy: true }, then: [{ hide: ['X'], disable: ['X'], require: ['X'] }] },
      { when: { field: 'B', truthy: true }, then: [{ show: ['X'], enable: ['X'], optional: ['X'] }] },
    ];
    const outcome = evaluateRules(rules, { A: true, B: true });
    expect([outcome.hidden.has('X'), outcome.disabled.has('X'), outcome.required.has('X'), outcome.optional.has('X')]).toEqual([false, false, false, true]);
  });

  it('conditions see the values copied before them', () => {
    const rules: Rule[] = [
      { when: { field: 'UserName', empty: false }, then: [{ show: ['Hint'] }], else: [{ hide: ['Hint'] }] },
      { copy: { from: 'EmailAddress', to: 'UserName' } },
    ];
    expect(evaluateRules(rules, { EmailAddress: 'a' }, {}).hidden.has('Hint')).toBe(false);
  });
});
