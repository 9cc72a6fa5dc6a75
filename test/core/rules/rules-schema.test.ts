import { describe, expect, it } from 'vitest';
import { ruleFields, ruleListFaults } from '../../../engine/core/rules/rule-list-faults.ts';
import type { Rule } from '../../../engine/core/rules/types.ts';

const userRules: Rule[] = [
  { copy: { from: 'EmailAddress', to: 'UserName' } },
  { when: { field: 'Password', empty: true }, then: [{ disable: ['ConfirmPassword'], set: { MustChangePassword: true } }] },
  {
    when: { any: [{ field: 'Address.City', empty: false }, { field: 'Type', in: [1, 2] }] },
    then: [{ require: ['Address.Country'] }],
    else: [{ optional: ['Address.Country'], clear: ['Address.City'] }],
  },
];

describe('rules.schema.json: screen documents embed rule lists that are checked', () => {
  it('accepts the rule lists the spec needs', () => {
    expect(ruleListFaults(userRules)).toEqual([]);
  });

  it('rejects an unknown effect', () => {
    expect(ruleListFaults([{ when: { field: 'A', equals: 1 }, then: [{ explode: ['B'] }] }])).not.toEqual([]);
  });

  it('rejects a condition with no test, or with two', () => {
    expect(ruleListFaults([{ when: { field: 'A' }, then: [{ hide: ['B'] }] }])).not.toEqual([]);
    expect(ruleListFaults([{ when: { field: 'A', equals: 1, empty: true }, then: [{ hide: ['B'] }] }])).not.toEqual([]);
  });

  it('rejects a copy without a target, an empty effect list and a field name that is not a path', () => {
    expect(ruleListFaults([{ copy: { from: 'A' } }])).not.toEqual([]);
    expect(ruleListFaults([{ when: { field: 'A', truthy: true }, then: [] }])).not.toEqual([]);
    expect(ruleListFaults([{ when: { field: 'A b', truthy: true }, then: [{ hide: ['B'] }] }])).not.toEqual([]);
  });

  it('with the form\'s fields, names every unknown field a rule refers to', () => {
    const known = ['EmailAddress', 'UserName', 'Password', 'ConfirmPassword', 'MustChangePassword', 'Address'];
    expect(ruleListFaults(userRules, known)).toEqual([{ pointer: '', message: 'names unknown field Type' }]);
  });

  it('ruleFields lists every field read or changed, once', () => {
    expect(ruleFields(userRules).sort()).toEqual(
      ['Address.City', 'Address.Country', 'ConfirmPassword', 'EmailAddress', 'MustChangePassword', 'Password', 'Type', 'UserName'],
    );
  });
});
