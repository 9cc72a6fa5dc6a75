import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../../../engine/core/rules/evaluate-rules.ts';
import type { Rule } from '../../../engine/core/rules/types.ts';

describe('spec 1: "the user name follows the e-mail address until the user types a different user name"', () => {
  const rules: Rule[] = [{ copy: { from: 'EmailAddress', to: 'UserName' } }];
  type UserForm = { EmailAddress?: string; UserName?: string };
  const next = (previous: UserForm, current: UserForm, touched: string[] = []) =>
    evaluateRules(rules, current, previous, touched).formData.UserName;

  it('typing the e-mail into an empty form fills the user name', () => {
    expect(next({}, { EmailAddress: 'k' })).toBe('k');
  });

  it('while the user name still equals the e-mail, it follows each change', () => {
    expect(next({ EmailAddress: 'kofi@example.co', UserName: 'kofi@example.co' }, { EmailAddress: 'kofi@example.com', UserName: 'kofi@example.co' })).toBe('kofi@example.com');
  });

  it('once the user typed a different user name, it stays', () => {
    expect(next({ EmailAddress: 'kofi@example.co', UserName: 'kofi' }, { EmailAddress: 'kofi@example.com', UserName: 'kofi' }, ['UserName'])).toBe('kofi');
  });

  it('a user name the user cleared on purpose stays empty', () => {
    expect(next({ EmailAddress: 'kofi@example.co', UserName: '' }, { EmailAddress: 'kofi@example.com', UserName: '' }, ['UserName'])).toBe('');
  });

  it('typing the same value as the e-mail keeps it following', () => {
    expect(next({ EmailAddress: 'a@b.co', UserName: 'a@b.co' }, { EmailAddress: 'a@b.com', UserName: 'a@b.co' }, ['UserName'])).toBe('a@b.com');
  });

  it('nothing is copied on first render (an existing record keeps its values) or when the e-mail did not change', () => {
    expect(evaluateRules(rules, { EmailAddress: 'a@b.com', UserName: 'kofi' }).formData.UserName).toBe('kofi');
    expect(next({ EmailAddress: 'a@b.com', UserName: '' }, { EmailAddress: 'a@b.com', UserName: '' })).toBe('');
  });
});

describe('spec 2: "If the user edits Name while ReportLabelText still equals the old name, the label follows the name"', () => {
  const rules: Rule[] = [{ copy: { from: 'Name', to: 'ReportLabelText' } }];

  it('the label follows while it equals the old name', () => {
    const { formData } = evaluateRules(rules, { Name: 'Ages', ReportLabelText: 'Age' }, { Name: 'Age', ReportLabelText: 'Age' }, ['ReportLabelText']);
    expect(formData.ReportLabelText).toBe('Ages');
  });

  it('a label of its own stays', () => {
    const { formData } = evaluateRules(rules, { Name: 'Ages', ReportLabelText: 'Age of person' }, { Name: 'Age', ReportLabelText: 'Age of person' });
    expect(formData.ReportLabelText).toBe('Age of person');
  });

  it('works on nested fields by dotted path, and leaves the input objects unchanged', () => {
    const nested: Rule[] = [{ copy: { from: 'Field.Name', to: 'Field.Label' } }];
    const previous = { Field: { Name: 'A', Label: 'A' } };
    const current = { Field: { Name: 'AB', Label: 'A' } };
    expect(evaluateRules(nested, current, previous).formData).toEqual({ Field: { Name: 'AB', Label: 'AB' } });
    expect(current).toEqual({ Field: { Name: 'AB', Label: 'A' } });
  });
});
